import type NSpell from "nspell";

/**
 * Whether a word is a real English word (Hunspell's en_US dictionary, affixes applied:
 * "punished", "colleagues"). Spelling correction leaves such a word alone: a collection that
 * lacks "punished" is not asked about "published". Loaded on first use (~250 ms, once).
 */
let speller: Promise<NSpell> | null = null;

/** Starts loading the dictionary without waiting for it: the first question need not pay for it. */
export function warmEnglishWords(): void {
  englishSpeller().catch(() => (speller = null));
}

function englishSpeller(): Promise<NSpell> {
  speller ??= Promise.all([import("nspell"), import("dictionary-en")]).then(([{ default: nspell }, { default: dictionary }]) =>
    nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) }),
  );
  return speller;
}

export async function isEnglishWord(word: string): Promise<boolean> {
  return (await englishSpeller()).correct(word);
}
