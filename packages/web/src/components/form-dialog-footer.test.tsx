import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialogFooter } from './form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';

/** The footer in a form inside an open dialog, as the form dialogs use it. */
function renderFooter(props: Partial<Parameters<typeof FormDialogFooter>[0]> = {}) {
  const onCancel = vi.fn();
  const submitted = vi.fn();
  render(
    <Dialog open>
      <DialogContent>
        <DialogTitle>Rename</DialogTitle>
        <DialogDescription>A name.</DialogDescription>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitted();
          }}
        >
          <FormDialogFooter
            onCancel={onCancel}
            submitLabel="Rename"
            pendingLabel="Renaming..."
            pending={false}
            {...props}
          />
        </form>
      </DialogContent>
    </Dialog>,
  );
  return { onCancel, submitted };
}

describe('FormDialogFooter', () => {
  it('submits the form, and Cancel only cancels', async () => {
    const { onCancel, submitted } = renderFooter();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(submitted).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(submitted).toHaveBeenCalledOnce();
  });

  it('while pending shows the pending label and disables both buttons', () => {
    renderFooter({ pending: true });
    expect(screen.getByRole('button', { name: 'Renaming...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('keeps Cancel while pending for a dialog that may close at any time', () => {
    renderFooter({ pending: true, cancelWhilePending: true });
    expect(screen.getByRole('button', { name: 'Renaming...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('disables the submit while submitDisabled; with onSubmit the button runs it instead of submitting', async () => {
    const onSubmit = vi.fn();
    const { submitted } = renderFooter({ submitDisabled: true });
    expect(screen.getByRole('button', { name: 'Rename' })).toBeDisabled();
    renderFooter({ onSubmit, submitLabel: 'Move', pendingLabel: 'Moving...' });
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(submitted).not.toHaveBeenCalled();
  });
});
