/**
 * Throughput of the offline embedder: 1,000 chunks of ~400 words, median of 3 runs.
 * Run: npx tsx scripts/bench-embedder.ts
 */
import { LocalHashEmbedder } from "@/lib/models/local-embedder";

const VOCABULARY = (
  "the plan covers in-network preventive care at no cost and the annual deductible applies to most other " +
  "services before coinsurance begins members pay a copay for primary care visits specialist visits urgent " +
  "care and emergency room services out-of-network providers may bill you for the difference between the " +
  "allowed amount and their charges prescription drugs are covered through the pharmacy benefit with tiered " +
  "copayments employees can enroll eligible dependents during open enrollment or within thirty days of a " +
  "qualifying life event such as marriage birth or adoption claims must be submitted within ninety days"
).split(" ");

/** Deterministic pseudo-random chunks so runs are comparable. */
function makeChunks(count: number, words: number): string[] {
  let seed = 42;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  return Array.from({ length: count }, () => {
    const out: string[] = [];
    for (let i = 0; i < words; i++) {
      let w = VOCABULARY[Math.floor(next() * VOCABULARY.length)];
      if (next() < 0.05) w += ",";
      if (next() < 0.05) w = `$${Math.floor(next() * 5000)}.`;
      out.push(w);
    }
    return out.join(" ");
  });
}

const chunks = makeChunks(1000, 400);
const embedder = new LocalHashEmbedder();
embedder.embedSync(chunks.slice(0, 50)); // warm up the JIT

const timings: number[] = [];
for (let run = 0; run < 3; run++) {
  const start = performance.now();
  embedder.embedSync(chunks);
  timings.push(performance.now() - start);
}
timings.sort((a, b) => a - b);
const median = timings[1];
console.log(
  `local-hash-v1: 1000 chunks x 400 words, runs ${timings.map((t) => t.toFixed(1)).join(" / ")} ms; ` +
    `median ${median.toFixed(1)} ms = ${Math.round(1000 / (median / 1000))} chunks/s`,
);
