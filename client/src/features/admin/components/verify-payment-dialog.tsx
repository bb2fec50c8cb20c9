// "Verify and activate" over the list of payments, in the browser's own modal dialog: focus moves into it and back
// to the "Verify" button it came from, Escape closes it, and the page behind it is inert.
import { ModalDialog, ModalDialogHeader } from '@/components/ui/modal-dialog';
import { useTranslation } from 'react-i18next';
import { VerifyPaymentForm, type PayableInvoice } from './verify-payment-form';

export function VerifyPaymentDialog({
  payment,
  onClose,
  onVerified,
}: {
  /** The invoice to verify, with its company; null while the dialog is closed. */
  payment: { company: { id: string; companyName: string }; invoice: PayableInvoice } | null;
  onClose: () => void;
  onVerified: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <ModalDialog
      open={Boolean(payment)}
      onClose={onClose}
      labelledBy="verify-payment-title"
      // The reference is what the admin checks against the statement: focus starts there, not on the close button.
      initialFocus="input"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      {payment && (
        <div className="space-y-4 p-5 sm:p-6">
          <ModalDialogHeader
            title={t('payments.dialogTitle', { company: payment.company.companyName })}
            closeLabel={t('payments.close')}
            className="flex items-start justify-between gap-3"
            titleClassName="text-lg font-semibold [overflow-wrap:anywhere]"
            closeClassName="-me-2 -mt-2 shrink-0"
          />
          <VerifyPaymentForm key={payment.invoice.id} company={payment.company} invoices={[payment.invoice]} onVerified={onVerified} />
        </div>
      )}
    </ModalDialog>
  );
}
