import { isMessage } from '@gatehouse/protocol';

/**
 * The 3-D Secure challenge on the merchant page (docs/decisions/0403): a modal overlay holding an
 * iframe of Gatehouse's ACS page. It resolves `done` when the completion page inside the frame (the
 * challenge's notificationURL, on the gateway origin) posts `challenge-complete`, and `cancelled` when
 * the cardholder closes the modal.
 */
export function openChallengeModal(gatewayOrigin: string, acsUrl: string): Promise<'done' | 'cancelled'> {
  return new Promise((resolve) => {
    const overlay = document.createElement('div');
    overlay.setAttribute('data-gatehouse-challenge', '');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', '3-D Secure verification');
    Object.assign(overlay.style, {
      position: 'fixed',
      inset: '0',
      background: 'rgba(0,0,0,.55)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      zIndex: '2147483647',
    });
    const box = document.createElement('div');
    Object.assign(box.style, {
      position: 'relative',
      background: '#fff',
      borderRadius: '8px',
      width: 'min(420px, 94vw)',
      height: 'min(560px, 90vh)',
      overflow: 'hidden',
    });
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Cancel verification');
    Object.assign(close.style, {
      position: 'absolute',
      top: '4px',
      right: '8px',
      border: '0',
      background: 'transparent',
      fontSize: '24px',
      cursor: 'pointer',
    });
    const frame = document.createElement('iframe');
    frame.title = '3-D Secure verification';
    frame.src = acsUrl;
    frame.setAttribute('allow', 'payment');
    Object.assign(frame.style, { border: '0', width: '100%', height: '100%' });
    box.append(frame, close);
    overlay.append(box);

    const finish = (outcome: 'done' | 'cancelled') => {
      window.removeEventListener('message', onMessage);
      overlay.remove();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== gatewayOrigin || event.source !== frame.contentWindow) return;
      if (isMessage(event.data) && event.data.kind === 'challenge-complete') finish('done');
    };
    window.addEventListener('message', onMessage);
    close.addEventListener('click', () => finish('cancelled'));
    document.body.append(overlay);
  });
}
