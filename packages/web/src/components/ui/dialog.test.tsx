import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

// Our dialogs open from state (a Button's onClick), not from a Radix Trigger. Radix then had no
// trigger to give focus back to on close, and keyboard users were left on <body>.
function PlainDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Share
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Share meeting</DialogTitle>
          <DialogDescription>A link.</DialogDescription>
          {/* A field that takes focus first, as the Rename dialog's title does. */}
          <input aria-label="Expires" autoFocus />
        </DialogContent>
      </Dialog>
    </>
  );
}

function ConfirmDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete Meeting</AlertDialogTitle>
          <AlertDialogDescription>Gone for good.</AlertDialogDescription>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

describe('dialogs opened without a trigger', () => {
  it('give focus back to the button that opened them when closed with Escape or the close button', async () => {
    const user = userEvent.setup();
    render(<PlainDialog />);
    const opener = screen.getByRole('button', { name: 'Share' });
    await user.click(opener);
    // Open, with the focus taken inside it.
    expect(screen.getByRole('dialog', { name: 'Share meeting' }).contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });

  it('an alert dialog does the same on Cancel', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
