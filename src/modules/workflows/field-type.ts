/** The type of a field of a trigger's record, as conditions compare it. */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'id' | 'list';
