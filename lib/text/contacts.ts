/** How a phone number ("1-800-123-4567", "(425) 555-0100") and an e-mail address are written, once for the product. */
export const PHONE_NUMBER = /(?<!\d)(?:\+?1[-. ])?\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}(?!\d)/;
export const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+\.[a-z]{2,}/i;
