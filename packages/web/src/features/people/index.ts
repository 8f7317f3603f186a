export { PersonFormDialog } from './components/PersonFormDialog';
export { buildCreatePersonPayload, buildUpdatePersonPayload, PersonFormSchema } from './lib/person-form';
