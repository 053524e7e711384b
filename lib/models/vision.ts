import { config } from "@/lib/config";
import { modelError, openaiClient } from "./chat";

const PROMPT =
  "Describe this image in one or two plain sentences for a search index: what it shows, and any " +
  "chart, diagram or table it contains. Do not transcribe long text. Answer with the description only.";
/** A caption is a sentence or two; a longer reply is cut. */
const MAX_CAPTION_CHARS = 500;

/**
 * A caption of an image from the configured vision model (VISION_MODEL), or null when none is
 * configured or the model fails: an image never fails to ingest because captioning did.
 */
export async function captionImage(image: Uint8Array, mimeType: string): Promise<string | null> {
  const model = config().visionModel;
  if (!model) return null;
  try {
    const reply = await openaiClient().chat.completions.create({
      model,
      max_tokens: 150,
      temperature: 0,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: PROMPT },
            { type: "image_url", image_url: { url: `data:${mimeType};base64,${Buffer.from(image).toString("base64")}` } },
          ],
        },
      ],
    });
    const text = reply.choices[0]?.message?.content?.replace(/\s+/g, " ").trim();
    return text ? text.slice(0, MAX_CAPTION_CHARS) : null;
  } catch (error) {
    modelError(error, "summary"); // logged; the image keeps its OCR text
    return null;
  }
}
