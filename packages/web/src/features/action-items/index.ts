export { createActionItem, useCreateActionItem } from './api/create-action-item';
export { deleteActionItem, useDeleteActionItem } from './api/delete-action-item';
export { generateActionItems, useGenerateActionItems } from './api/generate-action-items';
export { actionItemsQueryOptions, getActionItems, useActionItems } from './api/get-action-items';
export { actionItemKeys } from './api/keys';
export { updateActionItem, useUpdateActionItem } from './api/update-action-item';
export { ActionItemsTab } from './components/ActionItemsTab';
