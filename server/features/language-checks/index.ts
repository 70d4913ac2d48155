export { checkText, closeLanguageChecker, type HouseStyleCheck } from './check-text';
export { checkAiTells } from './ai-tells';
