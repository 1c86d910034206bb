import { MEMBER_ROLES, ROLE_LABELS } from '../../../shared/permissions.ts';

/** The three roles as select options, « Propriétaire », « Éditeur », « Lecteur ». */
export const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
