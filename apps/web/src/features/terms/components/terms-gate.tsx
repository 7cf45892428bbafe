/**
 * Runs the terms check for the signed-in user (console.md §2 Main layout, §4 Terms, §8): when the
 * server reports the current versions not accepted, the terms modal opens; Confirm records the
 * acceptance, toasts 'Terms of Conditions Submitted' and closes; closing unticked warns
 * "You don't submitted aggrement Terms of Conditions" and closes; it opens again on the next page
 * the user visits, for as long as the current versions are not accepted. A failed check toasts its
 * message.
 */
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { toastApiError, toastSuccess, toastWarning } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useAcceptTerms } from '../api/accept-terms.ts';
import { useTermsAccepted } from '../api/check-terms.ts';
import { TermsModal } from './terms-modal.tsx';

export function TermsGate({ userId }: { userId: string }) {
  const check = useTermsAccepted(userId);
  const accept = useAcceptTerms(userId);
  const { pathname } = useLocation();
  // The page on which the user closed the modal unticked; on any other page it opens again.
  const [dismissedOn, setDismissedOn] = useState<string | null>(null);
  const accepted = useRef(false);

  useEffect(() => {
    if (check.isError) toastApiError(check.error);
  }, [check.isError, check.error]);

  const opened = check.data === false && dismissedOn !== pathname;
  return (
    <TermsModal
      opened={opened}
      submitting={accept.isPending}
      onDismiss={() => {
        setDismissedOn(pathname);
        toastWarning(localizeMessage(CONSOLE_MESSAGES.termsNotAccepted));
      }}
      onConfirm={() =>
        accept.mutate(undefined, {
          onSuccess: () => {
            accepted.current = true;
          },
          onError: (err) => toastApiError(err),
        })
      }
      onClosed={() => {
        // Toast once the modal has gone, so the page behind it is what is left on screen.
        if (accepted.current) toastSuccess(localizeMessage(AUTH_MESSAGES.termsSubmitted));
        accepted.current = false;
      }}
    />
  );
}
