import { describe, expect, it } from 'vitest';
import {
  authenticationResponse,
  cavvOf,
  challengeOutcome,
  decideThreeDFlow,
  eciFor,
  frictionlessResult,
} from './three-d-secure.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CAVV = /^[A-Za-z0-9+/]{27}=$/;

describe('decideThreeDFlow', () => {
  it.each([
    ['2221008123677736', 'challenge'],
    ['4000002760003184', 'challenge'],
    ['4000020951595032', 'frictionless'],
    ['4000000000003220', 'frictionless'],
    ['4000008400001629', 'challenge-then-decline'],
    ['4761344136141390', 'not-enrolled'],
    ['5555555555554444', 'not-enrolled'],
    ['4000000000000002', 'not-enrolled'],
    ['4111111111111111', 'not-enrolled'],
  ])('%s → %s', (number, flow) => {
    expect(decideThreeDFlow(number, 'John Smith')).toBe(flow);
  });

  it.each([
    ['CL-BRW1', '4761344136141390', 'challenge'],
    ['CL-BRW2', '5555555555554444', 'challenge'],
    ['CL-BRW1', '4111111111111111', 'challenge'],
    ['CL-BRW1', '4000020951595032', 'challenge'], // overrides a frictionless card
    ['FL-BRW1', '4761344136141390', 'frictionless'],
    ['FL-BRW2', '375510288656924', 'frictionless'],
    ['FL-BRW1', '2221008123677736', 'frictionless'], // overrides a challenge card
    ['fl-brw2', '4111111111111111', 'frictionless'],
  ])('name %s on approving card %s → %s', (name, number, flow) => {
    expect(decideThreeDFlow(number, name)).toBe(flow);
  });

  it.each([
    ['CL-BRW1', '4000000000000002', 'not-enrolled'],
    ['FL-BRW1', '5333463046218753', 'not-enrolled'],
    ['CL-BRW2', '4000000000009995', 'not-enrolled'],
    ['FL-BRW1', '4000008400001629', 'challenge-then-decline'],
  ])('name %s is ignored on declining card %s (%s)', (name, number, flow) => {
    expect(decideThreeDFlow(number, name)).toBe(flow);
  });
});

describe('ECI by scheme family', () => {
  it.each([
    ['Visa', '05', '06', '07'],
    ['American Express', '05', '06', '07'],
    ['Discover', '05', '06', '07'],
    ['Mastercard', '02', '01', '00'],
    ['Maestro', '02', '01', '00'],
  ])('%s: authenticated %s, attempted %s, failed %s', (brand, ok, attempted, failed) => {
    expect(eciFor(brand, 'authenticated')).toBe(ok);
    expect(eciFor(brand, 'attempted')).toBe(attempted);
    expect(eciFor(brand, 'failed')).toBe(failed);
  });
});

describe('frictionless authentication', () => {
  it.each([
    ['4000020951595032', 'Visa', '05'],
    ['4000000000003220', 'Visa', '05'],
    ['5555555555554444', 'Mastercard', '02'],
  ])('%s (%s): Y, eci %s, CAVV, dsTransID, liability shift', (number, brand, eci) => {
    const r = frictionlessResult(number, brand, 10_00, 'EUR');
    expect(r).toMatchObject({ status: 'Y', eci, isLiabilityOnIssuer: true, version: '2.2.0' });
    expect(r.cavv).toHaveLength(28);
    expect(r.cavv).toMatch(CAVV);
    expect(r.dsTransID).toMatch(UUID);
    expect(r.dsTransID).toHaveLength(36);
    expect(JSON.stringify(r)).not.toContain(number);
  });

  it('is deterministic for a card and amount, and differs with the amount', () => {
    const a = frictionlessResult('4000020951595032', 'Visa', 10_00, 'EUR');
    expect(frictionlessResult('4000020951595032', 'Visa', 10_00, 'EUR')).toEqual(a);
    const b = frictionlessResult('4000020951595032', 'Visa', 10_01, 'EUR');
    expect(b.cavv).not.toBe(a.cavv);
    expect(b.dsTransID).not.toBe(a.dsTransID);
    expect(frictionlessResult('4000000000003220', 'Visa', 10_00, 'EUR').cavv).not.toBe(a.cavv);
  });
});

describe('authenticationResponse (ARes)', () => {
  it('answers Y for a frictionless flow, C for a challenge, U for a card not enrolled', () => {
    expect(authenticationResponse('frictionless', '4000020951595032', 'Visa', 500, 'USD').status).toBe('Y');
    const c = authenticationResponse('challenge', '2221008123677736', 'Mastercard', 500, 'USD');
    expect(c).toMatchObject({ status: 'C', eci: '', cavv: '', isLiabilityOnIssuer: false });
    expect(c.dsTransID).toMatch(UUID);
    expect(authenticationResponse('challenge-then-decline', '4000008400001629', 'Visa', 500, 'USD').status).toBe('C');
    expect(authenticationResponse('not-enrolled', '4761344136141390', 'Visa', 500, 'USD')).toMatchObject({
      status: 'U',
      eci: '07',
      cavv: '',
      isLiabilityOnIssuer: false,
    });
  });
});

describe('challenge outcome', () => {
  it.each([
    ['2221008123677736', 'Mastercard', '02', '00'],
    ['4000002760003184', 'Visa', '05', '07'],
    ['4000008400001629', 'Visa', '05', '07'],
  ])('%s (%s): completed → Y eci %s; failed → N eci %s', (number, brand, okEci, failedEci) => {
    const ares = authenticationResponse('challenge', number, brand, 1, 'USD');
    const done = challengeOutcome(number, brand, true);
    expect(done).toMatchObject({ status: 'Y', eci: okEci, isLiabilityOnIssuer: true, version: '2.2.0' });
    expect(done.cavv).toMatch(CAVV);
    expect(done.dsTransID).toBe(ares.dsTransID);

    const failed = challengeOutcome(number, brand, false);
    expect(failed).toMatchObject({ status: 'N', eci: failedEci, cavv: '', isLiabilityOnIssuer: false });
    expect(failed.dsTransID).toBe(ares.dsTransID);
  });

  it('derives the CAVV deterministically', () => {
    expect(cavvOf('x', 1)).toBe(cavvOf('x', 1));
    expect(cavvOf('x', 1)).not.toBe(cavvOf('x', 2));
  });
});
