/** A stored time (a Date from one driver, a string from the other) as the API writes it: ISO 8601 in UTC. */
export const iso = (d: Date | string) => new Date(d).toISOString();
