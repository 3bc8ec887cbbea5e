import type { RootRules } from '../../../graphql/rules';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

/** Any member books and moves transactions, invoices them and records payments; the tax rate and currency are organization settings (admin). */
export const rentalRules: RootRules = {
  Query: {
    transactions: isAuthenticated,
    transaction: isAuthenticated,
    rentalSettings: isAuthenticated,
    invoices: isAuthenticated,
    invoice: isAuthenticated,
    payments: isAuthenticated,
    transactionLateCharges: isAuthenticated,
    transactionCharges: isAuthenticated,
  },
  Mutation: {
    createTransaction: isAuthenticated,
    completeTransaction: isAuthenticated,
    cancelTransaction: isAuthenticated,
    updateTransaction: isAuthenticated,
    checkOutTransaction: isAuthenticated,
    checkInTransaction: isAuthenticated,
    extendTransaction: isAuthenticated,
    swapTransactionUnit: isAuthenticated,
    updateTransactionCharge: isAuthenticated,
    updateRentalSettings: isAdmin,
    createInvoice: isAuthenticated,
    sendInvoice: isAuthenticated,
    voidInvoice: isAuthenticated,
    recordPayment: isAuthenticated,
  },
};
