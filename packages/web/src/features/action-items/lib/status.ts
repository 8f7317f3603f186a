import type { ActionItemStatus } from '@parley/contract';

export const STATUS_LABELS: Record<ActionItemStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
};

/** Spec section 4: completed green, in_progress blue, pending grey. */
export const STATUS_CLASSES: Record<ActionItemStatus, string> = {
  completed: 'bg-green-100 text-green-800 border-green-300 dark:bg-green-950 dark:text-green-200',
  in_progress: 'bg-blue-100 text-blue-800 border-blue-300 dark:bg-blue-950 dark:text-blue-200',
  pending: 'bg-gray-100 text-gray-700 border-gray-300 dark:bg-gray-900 dark:text-gray-300',
};

export const GENERATION_FALLBACK_ERROR = 'An error occurred while generating action items';
