import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DUE_FLAG_LABELS, type QueueView } from '@shared/review.schema';
import { QueueToolbar, QueueViewTabs } from './queue-toolbar';
import { FastFlag } from './queue-table';
import { DueDate } from './due-date';

afterEach(cleanup);

function Tabs() {
  const [view, setView] = useState<QueueView>('all');
  return (
    <>
      <QueueViewTabs view={view} panelId="queue-panel" onChange={setView} />
      <div role="tabpanel" id="queue-panel" aria-label={`panel ${view}`} />
    </>
  );
}

describe('queue views as tabs (issue 14)', () => {
  it('is one tab stop; arrows, Home and End move and select; clicks select', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'My work', 'Unclaimed', 'Audits', 'Sign-off']);
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1']);
    expect(tabs.every((t) => t.getAttribute('aria-controls') === 'queue-panel')).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(tabs[0]);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'My work' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'My work' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Sign-off' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-label')).toBe('panel sign-off');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Sign-off' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Audits' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'My work' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-label')).toBe('panel mine');
  });

  it('shows the server flag with the shared labels', () => {
    const dueDate = '2026-01-08T10:05:00.000Z';
    const { rerender } = render(<DueDate submission={{ dueDate, dueFlag: 'overdue' }} />);
    expect(screen.getByTestId('due-flag').textContent).toBe(DUE_FLAG_LABELS.overdue);
    rerender(<DueDate submission={{ dueDate, dueFlag: 'due-soon' }} />);
    expect(screen.getByTestId('due-flag').textContent).toBe('Due within 4 hours');
    rerender(<DueDate submission={{ dueDate, dueFlag: null }} />);
    expect(screen.queryByTestId('due-flag')).toBeNull();
  });

  it('offers open work first among the statuses, and flags fast turnaround (issue 42)', () => {
    render(<QueueToolbar filters={{ view: 'all', status: 'open', q: '', sort: 'due' }} onChange={() => undefined} />);
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('open');
    expect([...status.options].slice(0, 2).map((o) => o.textContent)).toEqual(['All', 'Open work']);
    const { rerender } = render(<FastFlag s={{ fastTurnaround: true }} />);
    expect(screen.getByTestId('fast-flag').textContent).toContain('Fast turnaround');
    rerender(<FastFlag s={{ fastTurnaround: false }} />);
    expect(screen.queryByTestId('fast-flag')).toBeNull();
  });
});
