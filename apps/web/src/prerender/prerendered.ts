/** The attribute on #root that names the language of the prerendered landing page (docs/decisions/013). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
