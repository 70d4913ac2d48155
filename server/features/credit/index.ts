/** What other features may use from the credit feature. */
export { CREDIT_PROVIDER, creditBalancePence, markCreditPurchaseSucceeded, payOrderFromCredit, walletOf, walletOfOrder, type Wallet } from './credit';
