/** What other features may use from the credit feature. */
export { creditBalancePence, markCreditPurchaseSucceeded, payOrderFromCredit, walletOf, walletOfOrder, type Wallet } from './credit';
