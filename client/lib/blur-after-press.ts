/**
 * A form field's blur waits for the mouse press that caused it (decision 048).
 *
 * Forms validate a field when it loses focus (react-hook-form's onTouched), and a mouse press moves the focus on
 * `mousedown`, before its `click`. The field's message then appears between the two and pushes what is below it
 * down: the button the visitor pressed (Continue to Payment, Send) moves from under the pointer, and the click is
 * lost. While a mouse button is down, the blur of a form field is therefore held back from the page's handlers and
 * sent again once the press is over (after its click), so a message can only move the page after the click landed.
 * Touch (the focus moves on release) and keyboards are unaffected.
 */
const FIELD = 'input, textarea, select';

export function installBlurAfterPress(doc: Document = document): () => void {
  let pressing = false;
  const resent = new WeakSet<Event>();
  const down = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || event.pointerType === 'pen') pressing = true;
  };
  const up = () => {
    pressing = false;
  };
  const hold = (event: FocusEvent) => {
    const field = event.target;
    if (!pressing || resent.has(event) || !(field instanceof Element) || !field.matches(FIELD) || !field.closest('form')) return;
    // Before React's listener on the root: its onBlur (and the form library's validation) does not run yet.
    event.stopImmediatePropagation();
    const { relatedTarget } = event;
    const resend = () => {
      doc.removeEventListener('pointerup', resend, true);
      doc.removeEventListener('pointercancel', resend, true);
      // A task later: the press's click (dispatched right after pointerup) has run by then.
      doc.defaultView?.setTimeout(() => {
        if (!field.isConnected) return;
        const again = new FocusEvent('focusout', { bubbles: true, composed: true, relatedTarget });
        resent.add(again);
        field.dispatchEvent(again);
      }, 0);
    };
    doc.addEventListener('pointerup', resend, true);
    doc.addEventListener('pointercancel', resend, true);
  };
  doc.addEventListener('pointerdown', down, true);
  doc.addEventListener('pointerup', up, true);
  doc.addEventListener('pointercancel', up, true);
  doc.addEventListener('focusout', hold, true);
  return () => {
    doc.removeEventListener('pointerdown', down, true);
    doc.removeEventListener('pointerup', up, true);
    doc.removeEventListener('pointercancel', up, true);
    doc.removeEventListener('focusout', hold, true);
  };
}
