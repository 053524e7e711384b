import { afterEach, describe, expect, it } from "vitest";
import { groupsFromClaim, ssoSettings } from "@/lib/auth/sso";

/** The single sign-on settings and group claim mapping (e2e/sso.spec.ts runs the whole flow against a real provider). */

const KEYS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_SCOPES", "OIDC_ADMIN_GROUP"];

afterEach(() => {
  for (const key of KEYS) delete process.env[key];
});

describe("single sign-on", () => {
  it("is on only with an issuer, a client id and its secret", () => {
    process.env.OIDC_ISSUER = "https://login.example.org/tenant/v2.0/";
    process.env.OIDC_CLIENT_ID = "docchat";
    expect(ssoSettings()).toBeNull();
    process.env.OIDC_CLIENT_SECRET = "s3cret";
    expect(ssoSettings()).toMatchObject({
      issuer: "https://login.example.org/tenant/v2.0",
      groupsClaim: "groups",
      scopes: ["openid", "email", "profile"],
      adminGroup: null,
    });
    process.env.OIDC_SCOPES = "openid, email profile groups";
    expect(ssoSettings()?.scopes).toEqual(["openid", "email", "profile", "groups"]);
  });

  it("maps the group claim, a list or one name, to distinct group names", () => {
    expect(groupsFromClaim(["hr", " hr ", "staff", 7, ""])).toEqual(["hr", "staff"]);
    expect(groupsFromClaim("hr")).toEqual(["hr"]);
    expect(groupsFromClaim(undefined)).toEqual([]);
    expect(groupsFromClaim({ hr: true })).toEqual([]);
  });
});
