/** Teachers' profiles, time off and figures, and a teacher's own week (issue #22). */
export {};
