import type { DeletionRequestBody } from '@shared/api/privacy';
import { api } from './client';

/** Delete My Data: signed in or out (the server uses the session's user when there is one). */
export const requestDeletion = (body: DeletionRequestBody) => api.privacy.requestDeletion({ body });
