import { DEFAULT_SUMMARY_TEMPLATE_ID, type SummaryTemplate } from '@parley/contract';

/**
 * The picker's value for a project default that is not among the user's templates: another member's, that
 * an owner of a shared project chose for it (issue 37; templates are personal). It is offered as "Project
 * default" and sent as no template, so the server follows the project's default itself.
 */
export const PROJECT_DEFAULT_ELSEWHERE = '';

/**
 * The template a picker starts on: the project's default, one of the user's or another member's
 * (PROJECT_DEFAULT_ELSEWHERE), else the built-in one. A default of the user's deleted meanwhile is unset
 * on the server, maybe not yet in this page's copy of the project: sent as no template, the server uses
 * the built-in one.
 */
export function resolveTemplateId(templates: SummaryTemplate[] | undefined, projectDefault: string | null | undefined) {
  if (!projectDefault || projectDefault === DEFAULT_SUMMARY_TEMPLATE_ID) return DEFAULT_SUMMARY_TEMPLATE_ID;
  return templates?.some((t) => t._id === projectDefault) ? projectDefault : PROJECT_DEFAULT_ELSEWHERE;
}
