/** wink-porter2-stemmer ships no types: the Snowball (Porter2) English stem of one word. */
declare module "wink-porter2-stemmer" {
  export default function stem(word: string): string;
}
