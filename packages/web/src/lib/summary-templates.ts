import { DEFAULT_SUMMARY_TEMPLATE_ID, type SummaryTemplate } from '@parley/contract';

/**
 * The template a picker starts on: the project's default when it is still in the list (a deleted one is
 * unset on the server, maybe not yet in this page's copy of the project), else the built-in one.
 */
export function resolveTemplateId(templates: SummaryTemplate[] | undefined, projectDefault: string | null | undefined) {
  return projectDefault && templates?.some((t) => t._id === projectDefault)
    ? projectDefault
    : DEFAULT_SUMMARY_TEMPLATE_ID;
}
