import { describe, expect, it } from "vitest";
import { notFoundMessage } from "@/lib/chat/not-found";

describe("notFoundMessage", () => {
  it("tells a German question that the documents are in English, in German", () => {
    expect(notFoundMessage({ questionLang: "de", documentsLang: "en", missingWords: ["urlaubstage", "jahr"] })).toBe(
      "Die ausgewählten Dokumente erwähnen „urlaubstage“ oder „jahr“ nicht. Sie scheinen auf Englisch verfasst zu sein: Stellen Sie die Frage am besten auf Englisch.",
    );
  });

  it("speaks French and Spanish, with their own quotes and negation", () => {
    expect(notFoundMessage({ questionLang: "fr", documentsLang: "en", missingWords: ["congés"] })).toBe(
      "Les documents sélectionnés ne mentionnent pas « congés ». Ils semblent rédigés en anglais : posez plutôt la question en anglais.",
    );
    expect(notFoundMessage({ questionLang: "fr", documentsLang: "fr", missingWords: ["congés", "an"] })).toBe(
      "Les documents sélectionnés ne mentionnent ni « congés » ni « an ».",
    );
    expect(notFoundMessage({ questionLang: "es", documentsLang: "de", missingWords: ["vacaciones"] })).toBe(
      "Los documentos seleccionados no mencionan «vacaciones». Parecen estar en alemán: pruebe a hacer la pregunta en alemán.",
    );
  });

  it("says nothing of language when the documents are in the question's language or unknown", () => {
    const english = "The selected documents never mention “vacation” or “cruise”.";
    expect(notFoundMessage({ questionLang: "en", documentsLang: "en", missingWords: ["vacation", "cruise"] })).toBe(english);
    expect(notFoundMessage({ questionLang: "en", documentsLang: null, missingWords: ["vacation", "cruise", "vacation"] })).toBe(english);
  });

  it("tells an English question the documents' language", () => {
    expect(notFoundMessage({ questionLang: "en", documentsLang: "de", missingWords: ["vacation"] })).toBe(
      "The selected documents never mention “vacation”. They appear to be in German: try asking in German.",
    );
  });

  it("answers a language it has no phrases for in English", () => {
    expect(notFoundMessage({ questionLang: "sv", documentsLang: "en", missingWords: ["semester"] })).toBe(
      "The selected documents never mention “semester”. They appear to be in English: try asking in English.",
    );
  });

  it("says nothing matches when no single word is missing, and announces the closest passages", () => {
    expect(notFoundMessage({ questionLang: "de", documentsLang: "de", missingWords: [] })).toBe(
      "Nichts in den ausgewählten Dokumenten passt zur Frage.",
    );
    expect(notFoundMessage({ questionLang: "en", documentsLang: "en", missingWords: ["cruise"], closestFollow: true })).toBe(
      "The selected documents never mention “cruise”; these passages come closest.",
    );
  });
});
