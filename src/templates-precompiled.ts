/**
 * [SYS-RELEASE] The templates a first render needs, precompiled (issue 34): each template's path to
 * its Handlebars spec. The build fills this export (scripts/lib/precompiled-templates.mjs); run
 * from source (the tests) it is empty and every template compiles at its first use.
 */
export const PRECOMPILED_TEMPLATES: Readonly<Record<string, unknown>> = {};
