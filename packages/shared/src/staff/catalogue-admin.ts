/** The catalogue as the school edits it (issue #22). */
export {};
