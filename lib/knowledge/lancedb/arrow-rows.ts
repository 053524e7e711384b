import { FixedSizeList, makeData, RecordBatch, Struct, Table, vectorFromArray, type Data, type Field, type Schema } from "apache-arrow";

/**
 * Rows as an Arrow table of exactly `schema`, for LanceDB to write as they are: plain objects it
 * would first infer a schema for and convert value by value (10k chunks: 0.82 s to add as
 * objects). A field the rows lack is null; a vector column is copied into one Float32 buffer.
 * `schema` must be of this module's Arrow (LanceDB's `schema()` answers with its own copy).
 */
export function arrowTable(schema: Schema, rows: object[]): Table {
  const children = schema.fields.map((field) => columnData(field, rows as Record<string, unknown>[]));
  const data = makeData({ type: new Struct(schema.fields), length: rows.length, nullCount: 0, children });
  return new Table([new RecordBatch(schema, data)]);
}

function columnData(field: Field, rows: Record<string, unknown>[]): Data {
  if (field.type instanceof FixedSizeList) {
    const size = field.type.listSize;
    const values = new Float32Array(rows.length * size);
    rows.forEach((row, i) => {
      const vector = row[field.name] as ArrayLike<number>;
      // A wrong length would spill into the next row's values (rows of several files share a write).
      if (vector.length !== size) throw new Error(`A ${field.name} of ${vector.length} values for a column of ${size}`);
      values.set(vector, i * size);
    });
    const child = makeData({ type: field.type.children[0].type, length: values.length, data: values });
    return makeData({ type: field.type, length: rows.length, nullCount: 0, child });
  }
  // vectorFromArray builds one chunk (a batch's children must line up row for row).
  return vectorFromArray(
    rows.map((row) => row[field.name] ?? null),
    field.type,
  ).data[0];
}
