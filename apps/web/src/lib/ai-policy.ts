import { paths } from '@brushline/shared/paths';

/**
 * The id of the terms' AI section (AI_POLICY in @brushline/shared/ai/policy): the terms page gives
 * the section this id, and the label's help and the hide-AI setting link to it.
 */
export const AI_POLICY_ID = 'ai';

/** /terms#ai: the instance's AI clause. */
export const aiPolicyHref = `${paths.terms}#${AI_POLICY_ID}`;
