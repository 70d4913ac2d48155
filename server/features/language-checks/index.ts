export { checkText, closeLanguageChecker } from './check-text';
export { checkAiTells } from './ai-tells';
