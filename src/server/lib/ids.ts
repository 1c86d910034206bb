const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else cannot name a row, so it answers 404 like a missing one. */
export const isUuid = (value: string) => UUID.test(value);
