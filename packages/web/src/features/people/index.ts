export { createPerson } from './api/create-person';
export { getPeople, peopleQueryOptions, usePeople } from './api/get-people';
export { peopleKeys } from './api/keys';
export { PersonFormDialog } from './components/PersonFormDialog';
export { buildCreatePersonPayload, buildUpdatePersonPayload, PersonFormSchema } from './lib/person-form';
