import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { openConfirmModal } from './confirm.ts';

/**
 * Asks before leaving a form with unsaved changes: a confirmation for links inside the app, the
 * browser's own prompt for reloads and closing the tab. `allowNext()` lets the next navigation
 * through (after a successful save, before the form knows it is clean again). `what` names the
 * thing edited in the dialog ("this card", "this tag").
 */
export function useUnsavedGuard(isDirty: boolean, what: string) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the dialog (Escape, the overlay) means "stay", like the Stay button.
    let decided = false;
    openConfirmModal({
      title: 'Leave without saving?',
      children: `Your changes to ${what} are not saved yet. If you leave now, they are lost.`,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker, what]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return {
    allowNext: () => {
      allowed.current = true;
    },
  };
}
