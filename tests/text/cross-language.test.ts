import { describe, expect, it } from "vitest";
import { readInEnglish } from "@/lib/text/cross-language";
import { cognate } from "@/lib/text/glossary/word-forms";

describe("questions in German, French and Spanish read in English", () => {
  it("reads each word by its glossary senses, keeping names and punctuation", async () => {
    const german = await readInEnglish("Wem soll ich Bescheid sagen, wenn mich ein Kollege bedroht?");
    expect(german?.lang).toBe("de");
    expect(german?.text).toMatch(/^who\b.*,.*\bcolleague\b.*\bthreaten\?$/);
    const spanish = await readInEnglish("¿PerksPlus me paga las clases de yoga?");
    expect(spanish?.text).toBe("PerksPlus pay class yoga?");
    expect(spanish?.glossed).toEqual(expect.arrayContaining(["paga", "clases"]));
  });

  it("searches every sense of a word, not only the first", async () => {
    const french = await readInEnglish("Est-ce que l'entreprise rembourse les frais de crèche ?");
    expect(french?.searchText.split(" ")).toEqual(expect.arrayContaining(["reimburse", "costs", "daycare", "childcare"]));
    // Articles and pronouns joined by apostrophes and hyphens are no words of the reading.
    expect(french?.text).not.toMatch(/['-]/);
  });

  it("reaches the dictionary form of inflected words the stemmer leaves apart", async () => {
    expect((await readInEnglish("Wer hat den Kollegen bedroht?"))?.senses.get("bedroht")).toContain("threaten");
    expect((await readInEnglish("Combien rembourse la mutuelle pour les lunettes ?"))?.senses.get("rembourse")?.[0]).toBe("reimburse");
    expect((await readInEnglish("¿Cuánto me descuentan de la nómina cada mes?"))?.glossed).toContain("nómina");
  });

  it("reads a German compound from its parts and a separable verb with its particle", async () => {
    const compound = await readInEnglish("Wer zahlt die Zahnarztrechnung für meine Kinder?");
    expect(compound?.senses.get("zahnarztrechnung")?.[0]).toBe("dentist invoice");
    // Three parts, the head a compound itself: "Zahn-arzt-rechnung-s-betrag".
    expect((await readInEnglish("Wie hoch ist der Zahnarztrechnungsbetrag?"))?.senses.get("zahnarztrechnungsbetrag")?.[0]).toBe(
      "dentist invoice amount",
    );
    // A head as written before its stem: "Sicherheit-s-schulung" is safety training, not "sicher", safe.
    expect((await readInEnglish("Ist die Sicherheitsschulung Pflicht?"))?.senses.get("sicherheitsschulung")?.[0]).toBe("safety training");
    const separable = await readInEnglish("Wann rufe ich die Personalabteilung an?");
    expect(separable?.text).toMatch(/^when call\b/);
    expect(separable?.text).not.toMatch(/\ban\b/);
  });

  it("reads a word the glossary lacks as its English cognate, and a stop word as nothing", async () => {
    const spanish = await readInEnglish("¿Qué habilidades digitales necesita la información del puesto?");
    expect(spanish?.senses.get("digitales")).toEqual(["digital"]);
    expect(spanish?.senses.get("información")?.[0]).toBe("information");
    const french = await readInEnglish("Est-ce que le traitement de son hémophilie est pris en charge ?");
    expect(french?.senses.get("hémophilie")).toEqual(["hemophilia"]);
    // "meinen" is "my" here, not the verb "to mean"; a name keeps its capital.
    const german = await readInEnglish("Kann ich bei Northwind Standard versichert bleiben, wenn ich meinen Job verliere?");
    expect(german?.text).not.toMatch(/\bmean\b/);
    expect(german?.text).toMatch(/^Northwind Standard\b/);
  });

  it("reads 'any' where the glossary has only content words", async () => {
    expect((await readInEnglish("Est-ce que je peux aller dans n'importe quelle pharmacie ?"))?.text).toMatch(/\bany pharmacy\?$/);
    expect((await readInEnglish("¿Puedo ir a cualquier farmacia?"))?.text).toMatch(/\bany pharmacy\?$/);
    // Read, not searched: "before" and "how much" would find any page.
    const french = await readInEnglish("Dois-je d'abord payer ma franchise avant que mes soins auditifs soient pris en charge ?");
    expect(french?.text).toMatch(/\bfirst pay deductible before\b/);
    expect(french?.searchText.split(" ")).not.toContain("before");
    expect(french?.glossed).toEqual(expect.arrayContaining(["abord", "avant"]));
  });

  it("reads conjugated verbs and participles by their dictionary form", async () => {
    // Irregular ("fais": faire), -ire and -indre participles ("prescrits", "atteinte"), -enir ("retient").
    expect((await readInEnglish("Comment je fais pour demander un remboursement ?"))?.text).toBe("how do ask reimbursement?");
    expect((await readInEnglish("Les médicaments prescrits par mon médecin sont-ils couverts ?"))?.senses.get("prescrits")?.[0]).toBe(
      "prescribe",
    );
    expect((await readInEnglish("Qu'est-ce qu'on retient sur mon salaire ?"))?.senses.get("retient")?.[0]).toBe("retain");
    // Spanish stem change and ending ("cuesta": costar), first person ("aspiro"), pronoun after the infinitive.
    expect((await readInEnglish("¿Cuánto cuesta una revisión médica?"))?.text).toBe("how much cost checkup?");
    expect((await readInEnglish("Aspiro a un ascenso, ¿qué debo aprender?"))?.senses.get("aspiro")?.[0]).toBe("aspire");
    expect((await readInEnglish("¿Cuánto tarda en procesarse mi reclamo?"))?.senses.get("procesarse")?.[0]).toBe("process");
    // German participles with a particle before "ge-", strong or weak ("unter-ge-bracht"), and a prefix before an irregular form.
    expect((await readInEnglish("Wo bin ich untergebracht, wenn ich ins Krankenhaus muss?"))?.text).toMatch(/^where accommodate,/);
    expect((await readInEnglish("Ist die Brille abgedeckt?"))?.senses.get("abgedeckt")?.[0]).toBe("covered");
    expect((await readInEnglish("Übernimmt die Versicherung die Kosten?"))?.senses.get("übernimmt")).toBeDefined();
    // A particle verb the glossary lacks, "zu" inside: read as its verb ("ab-zu-schicken": schicken, send).
    expect((await readInEnglish("Bis wann ist der Antrag abzuschicken?"))?.senses.get("abzuschicken")?.[0]).toBe("send");
  });

  it("joins a separable verb to its particle across an adverb and at the end of a clause", async () => {
    expect((await readInEnglish("Was stellt Zava eigentlich her?"))?.text).toBe("what manufacture Zava?");
    const prescribed = await readInEnglish("Schreibt der Arzt mir das Medikament vor, oder kann ich es einfach kaufen?");
    expect(prescribed?.text).toMatch(/^prescribe doctor medication, .*\bbuy\?$/);
    expect(prescribed?.text).not.toMatch(/\bbefore\b/);
  });

  it("reads conditions and set phrases: 'si', 'une fois', 'von zu Hause'", async () => {
    expect((await readInEnglish("Une fois la franchise atteinte, combien dois-je payer ?"))?.text).toBe(
      "once deductible reach, how much pay?",
    );
    expect((await readInEnglish("Combien d'années d'expérience faut-il avoir ?"))?.text).toMatch(/^how many year experience\b/);
    expect((await readInEnglish("Zahlt Standard Unterkunft und Verpflegung im Hospiz?"))?.text).toMatch(/\broom and board\b/);
    // A capitalised word after a name's word is the name's ("Plus", not "allowance"); an adverb of asking says nothing.
    expect((await readInEnglish("¿Health Plus se lo cubriría igualmente?"))?.text).toBe("Health Plus cover?");
    expect((await readInEnglish("Si je vais aux urgences, est-ce que je dois payer quelque chose ?"))?.text).toMatch(
      /^if go emergency room\b/,
    );
    expect((await readInEnglish("Darf ich von zu Hause arbeiten?"))?.text).toBe("from home work?");
  });

  it("reads cognates by their regular endings, and compounds with an English part", async () => {
    expect(await cognate("justiz", "de")).toEqual(["justice"]);
    expect(await cognate("kommunikation", "de")).toEqual(["communication"]);
    expect(await cognate("prescrites", "fr")).toEqual(["prescribed"]);
    expect(await cognate("palliatifs", "fr")).toEqual(["palliative"]);
    expect(await cognate("servicios", "es")).toEqual(["service"]);
    expect((await readInEnglish("Zahlt die Versicherung eine Tetanusspritze?"))?.senses.get("tetanusspritze")?.[0]).toBe(
      "tetanus injection",
    );
    // A name English writes as one word is not split into English parts.
    expect((await readInEnglish("Wird eine Grippeimpfung von Northwind Health Plus übernommen?"))?.text).toMatch(
      /\bNorthwind Health Plus\b/,
    );
    expect((await readInEnglish("Kann ich mein Fahrrad über PerksPlus abrechnen?"))?.text).toMatch(/\bPerksPlus\b/);
  });

  it("leaves English and languages without a glossary alone", async () => {
    expect(await readInEnglish("How many vacation days do I get?")).toBeNull();
    expect(await readInEnglish("Quanti giorni di ferie ho all'anno?")).toBeNull();
  });
});
