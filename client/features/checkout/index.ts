/** What other features may use from checkout: the card entry of "Add card" in Settings → Billing (decision 045). */
export { AddCardForm } from './add-card-form';
