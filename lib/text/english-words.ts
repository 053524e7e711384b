import type NSpell from "nspell";

/**
 * Whether a word is a real English word (Hunspell's en_US dictionary, affixes applied:
 * "punished", "colleagues"). Spelling correction leaves such a word alone: a collection that
 * lacks "punished" is not asked about "published". Loaded on first use (~250 ms, once).
 */
let speller: Promise<NSpell> | null = null;

function englishSpeller(): Promise<NSpell> {
  speller ??= Promise.all([import("nspell"), import("dictionary-en")]).then(([{ default: nspell }, { default: dictionary }]) =>
    nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) }),
  );
  return speller;
}

export async function isEnglishWord(word: string): Promise<boolean> {
  return (await englishSpeller()).correct(word);
}
