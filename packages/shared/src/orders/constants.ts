/** SPEC §4 commission task statuses. */
export const TASK_STATUSES = [
  'none',
  'waiting',
  'processing',
  'finished',
  'done',
  'canceled',
  'declined',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** SPEC §3 sent form type. */
export const FORM_TYPES = ['normal', 'requested'] as const;
export type FormType = (typeof FORM_TYPES)[number];
/** SPEC §5/§9: up to 15 reference images per form. */
export const REFERENCES_MAX = 15;
export const FORM_DESCRIPTION_MAX = 2000;
