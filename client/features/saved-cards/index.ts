/** What other features may use from saved cards (decision 045): checkout's one click and Settings → Billing. */
export {
  chooseStripeSaveCard,
  completeCardSetup,
  startCardSetup,
  useAddSandboxCard,
  usePayWithSavedCard,
  useRefreshSavedCards,
  useRemoveSavedCard,
  useSavedCards,
} from './api/saved-cards';
