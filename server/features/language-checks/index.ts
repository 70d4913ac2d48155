export { checkText, closeLanguageChecker, warmLanguageChecker, type HouseStyleCheck } from './check-text';
export { checkAiTells } from './ai-tells';
