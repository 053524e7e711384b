/** Scalar fields per model, read from schema.prisma (relation fields have a model type). */
export function declaredColumns(schemaText: string): Map<string, Map<string, { type: string; optional: boolean }>> {
  const scalars = new Set(["String", "Int", "Float", "Boolean", "DateTime", "Json", "BigInt", "Decimal", "Bytes"]);
  const models = new Map<string, Map<string, { type: string; optional: boolean }>>();
  for (const [, name, body] of schemaText.matchAll(/model (\w+) \{\n([\s\S]*?)\n\}/g)) {
    const fields = new Map<string, { type: string; optional: boolean }>();
    for (const line of body.split("\n")) {
      const m = line.trim().match(/^(\w+)\s+(\w+)(\?|\[\])?/);
      if (!m || line.trim().startsWith("@@") || !scalars.has(m[2]) || m[3] === "[]") continue;
      fields.set(m[1], { type: m[2], optional: m[3] === "?" });
    }
    models.set(name, fields);
  }
  return models;
}
