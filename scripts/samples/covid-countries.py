#!/usr/bin/env python3
"""Build covid-countries.json (disease.sh v2 /countries shape) from JHU CSSE
COVID-19 daily reports (CC BY 4.0).

Inputs  (verbatim copies of repository files, see SOURCE.md):
  raw/04-17-2020.csv, raw/04-16-2020.csv   daily reports
  raw/UID_ISO_FIPS_LookUp_Table*.csv       ISO codes / coordinates
Outputs:
  covid-countries.json   compact JSON array, one line, trailing newline
  SOURCE.md              provenance, attribution, changes, checksums

Usage: python3 covid-countries.py   (reads raw/ beside this file: save the three source files
there first, from the commits Assets/README.md names; writes covid-countries.json and SOURCE.md
beside it, to be copied to Assets/samples/)
"""
import csv
import datetime as dt
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = os.path.join(HERE, "raw")
OUT_JSON = os.path.join(HERE, "covid-countries.json")
OUT_MD = os.path.join(HERE, "SOURCE.md")

REPO = "CSSEGISandData/COVID-19"
REPO_URL = "https://github.com/CSSEGISandData/COVID-19"
DAY = "04-17-2020"
PREV = "04-16-2020"
SOURCES = {
    DAY: ("csse_covid_19_data/csse_covid_19_daily_reports/04-17-2020.csv",
          "08fcf1f48eea5af070b45afc7fc2960ad5280f99"),
    PREV: ("csse_covid_19_data/csse_covid_19_daily_reports/04-16-2020.csv",
           "0349e9bcf0f050bf5aaaf5967553b56347a226f0"),
    "lookup": ("csse_covid_19_data/UID_ISO_FIPS_LookUp_Table.csv",
               "011e21a9ff5ed2c6dc7bcbb5c315a8eb4475f858"),
    "readme": ("README.md", "011e21a9ff5ed2c6dc7bcbb5c315a8eb4475f858"),
}
LOOKUP_TOTAL_CHARS = 404568  # total_chars reported for the lookup table at that commit

# JHU Country_Region -> name used in the output
RENAMES = {
    "US": "USA",
    "Korea, South": "South Korea",
    "Taiwan*": "Taiwan",
    "Congo (Kinshasa)": "DR Congo",
    "Congo (Brazzaville)": "Congo",
    "Burma": "Myanmar",
    "West Bank and Gaza": "Palestine",
    "Holy See": "Vatican City",
}
# Country-level rows dropped entirely (cruise ships, no ISO code)
DROP = ["Diamond Princess", "MS Zaandam"]

# Exact text of the "Terms of Use" section of the repository README.md
TERMS = [
    "This data set is licensed under the Creative Commons Attribution 4.0 "
    "International (CC BY 4.0) by the Johns Hopkins University on behalf of its "
    "Center for Systems Science in Engineering.  Copyright Johns Hopkins University 2020.",
    "Attribute the data as the \"COVID-19 Data Repository by the Center for Systems "
    "Science and Engineering (CSSE) at Johns Hopkins University\" or \"JHU CSSE "
    "COVID-19 Data\" for short, and the url: https://github.com/CSSEGISandData/COVID-19.",
    "For publications that use the data, please cite the following publication: "
    "\"Dong E, Du H, Gardner L. An interactive web-based dashboard to track COVID-19 "
    "in real time. Lancet Inf Dis. 20(5):533-534. doi: 10.1016/S1473-3099(20)30120-1\"",
]


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def to_ms(s):
    t = dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S").replace(tzinfo=dt.timezone.utc)
    return int(t.timestamp() * 1000)


def num(s):
    """Coordinate string -> int if written without a fraction, else float."""
    return int(s) if s.lstrip("-").isdigit() else float(s)


def aggregate(rows):
    agg = {}
    for r in rows:
        c = r["Country_Region"]
        a = agg.setdefault(c, {"Confirmed": 0, "Deaths": 0, "Recovered": 0,
                               "Active": 0, "updated": 0, "rows": 0})
        for k in ("Confirmed", "Deaths", "Recovered", "Active"):
            a[k] += int(r[k])
        a["updated"] = max(a["updated"], to_ms(r["Last_Update"]))
        a["rows"] += 1
    return agg


def sub_decreases(day_rows, prev_rows, clamped):
    """For clamped countries, the sub-national rows whose Confirmed/Deaths fell."""
    inv = {v: k for k, v in RENAMES.items()}
    res = {}
    for n, tc, td in clamped:
        jhu = inv.get(n, n)
        key = lambda r: r["Combined_Key"]
        a = {key(r): r for r in prev_rows if r["Country_Region"] == jhu}
        b = {key(r): r for r in day_rows if r["Country_Region"] == jhu}
        for k in sorted(set(a) & set(b)):
            for f in ("Confirmed", "Deaths"):
                if int(b[k][f]) < int(a[k][f]):
                    res.setdefault(n, []).append(("%s %s" % (k, f), a[k][f], b[k][f]))
    return res


def lookup_path():
    full = os.path.join(RAW, "UID_ISO_FIPS_LookUp_Table.csv")
    if os.path.exists(full):
        return full, True
    return os.path.join(RAW, "UID_ISO_FIPS_LookUp_Table.partial.csv"), False


def main():
    day_rows = read_csv(os.path.join(RAW, DAY + ".csv"))
    prev_rows = read_csv(os.path.join(RAW, PREV + ".csv"))
    day, prev = aggregate(day_rows), aggregate(prev_rows)

    lk_path, lk_full = lookup_path()
    countries_lk = {}
    for r in read_csv(lk_path):
        if (r.get("Province_State") or "") == "" and (r.get("Admin2") or "") == "":
            countries_lk[r["Country_Region"]] = r

    out, clamped, active_diff, missing_prev, no_lookup = [], [], [], [], []
    for jhu in day:
        if jhu in DROP:
            continue
        a = day[jhu]
        name = RENAMES.get(jhu, jhu)
        info = {}
        lk = countries_lk.get(jhu)
        if lk is None:
            no_lookup.append(jhu)
        else:
            if lk["iso2"]:
                info["iso2"] = lk["iso2"]
            if lk["iso3"]:
                info["iso3"] = lk["iso3"]
            if lk["Lat"] and lk["Long_"]:
                info["lat"] = num(lk["Lat"])
                info["long"] = num(lk["Long_"])
        c, d, rec = a["Confirmed"], a["Deaths"], a["Recovered"]
        active = c - d - rec
        if active != a["Active"]:
            active_diff.append((name, a["Active"], active))
        p = prev.get(jhu)
        if p is None:
            missing_prev.append(name)
            p = {"Confirmed": 0, "Deaths": 0}
        tc, td = c - p["Confirmed"], d - p["Deaths"]
        if tc < 0 or td < 0:
            clamped.append((name, tc, td))
        out.append({
            "updated": a["updated"],
            "country": name,
            "countryInfo": info,
            "cases": c,
            "todayCases": max(tc, 0),
            "deaths": d,
            "todayDeaths": max(td, 0),
            "recovered": rec,
            "active": active,
        })
    out.sort(key=lambda o: o["country"].casefold())

    text = json.dumps(out, separators=(",", ":"), ensure_ascii=False) + "\n"
    with open(OUT_JSON, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)

    # ---- checks -------------------------------------------------------
    back = json.load(open(OUT_JSON, encoding="utf-8"))
    total_conf = sum(int(r["Confirmed"]) for r in day_rows)
    dropped_conf = sum(day[x]["Confirmed"] for x in DROP if x in day)
    sum_cases = sum(o["cases"] for o in back)
    assert sum_cases == total_conf - dropped_conf, (sum_cases, total_conf, dropped_conf)
    assert all(isinstance(o[k], int) for o in back for k in
               ("updated", "cases", "todayCases", "deaths", "todayDeaths", "recovered", "active"))
    assert len({o["country"] for o in back}) == len(back)
    print("countries:", len(back))
    print("sum(cases) =", sum_cases, "= report Confirmed", total_conf, "-", dropped_conf, "(ships)")
    print("sum(deaths) =", sum(o["deaths"] for o in back),
          " sum(recovered) =", sum(o["recovered"] for o in back))
    print("lookup file:", os.path.basename(lk_path), "(full)" if lk_full else "(PARTIAL)")
    print("no lookup row:", no_lookup)
    print("missing on", PREV + ":", missing_prev)
    print("clamped:", clamped)
    print("JHU Active differs from C-D-R:", len(active_diff), active_diff)
    by = {o["country"]: o for o in back}
    for n in ("Japan", "USA", "South Korea", "Italy", "Germany"):
        print(json.dumps(by[n], separators=(",", ":")))

    size = os.path.getsize(OUT_JSON)
    sha = hashlib.sha256(open(OUT_JSON, "rb").read()).hexdigest()
    print("size", size, "sha256", sha)
    write_source_md(back, size, sha, clamped, active_diff, missing_prev, no_lookup,
                    lk_path, lk_full, day, total_conf, dropped_conf,
                    sub_decreases(day_rows, prev_rows, clamped))


def write_source_md(back, size, sha, clamped, active_diff, missing_prev, no_lookup,
                    lk_path, lk_full, day, total_conf, dropped_conf, decreases):
    L = []
    w = L.append
    w("# covid-countries.json — source and provenance\n")
    w("Replacement for the bundled disease.sh (NovelCOVID) v2 `/countries` sample, "
      "rebuilt from the Johns Hopkins CSSE COVID-19 daily reports. "
      "Generated by `scripts/samples/covid-countries.py` from the verbatim source copies in `raw/`.\n")
    w("## Licence and attribution\n")
    w("Data: **COVID-19 Data Repository by the Center for Systems Science and Engineering "
      "(CSSE) at Johns Hopkins University**, " + REPO_URL + " — licensed CC BY 4.0. "
      "This file is an adapted (aggregated and reformatted) version; see *Changes* below.\n")
    w("Terms of Use, quoted verbatim from the repository's `README.md` "
      "(commit `" + SOURCES["readme"][1] + "`):\n")
    for i, t in enumerate(TERMS, 1):
        w("> %d. %s" % (i, t))
        w(">")
    L.pop()
    w("")
    w("## Sources (repository `" + REPO + "`)\n")
    w("| File | Path | Commit |")
    w("|---|---|---|")
    for key, label in ((DAY, "Daily report 17 Apr 2020"), (PREV, "Daily report 16 Apr 2020"),
                       ("lookup", "UID/ISO/FIPS lookup table"), ("readme", "README (terms of use)")):
        path, commit = SOURCES[key]
        w("| %s | `%s` | `%s` |" % (label, path, commit))
    w("")
    w("Only the lookup table's country-level rows (ISO codes, centroid lat/long) are used.\n")
    w("Local copies in `raw/` (SHA-256 of the bytes as stored):\n")
    for fn in (DAY + ".csv", PREV + ".csv", os.path.basename(lk_path)):
        fp = os.path.join(RAW, fn)
        w("- `raw/%s`: %d bytes, `%s`" % (fn, os.path.getsize(fp),
                                          hashlib.sha256(open(fp, "rb").read()).hexdigest()))
    if not lk_full:
        w("\n**Note:** `raw/%s` is only the first %d characters (whole lines, CRLF line endings "
          "as in the original) of the %d-character lookup table: everything up to and including "
          "the `US` country row and the first Puerto Rico rows. The remaining US state/county "
          "rows, which this build does not use, were not copied. Every country-level row is in "
          "the stored part." % (os.path.basename(lk_path), os.path.getsize(lk_path), LOOKUP_TOTAL_CHARS))
    w("")
    w("## Changes made\n")
    w("- **Aggregation:** the 17 Apr 2020 report (%d rows) was summed per `Country_Region` "
      "(Confirmed, Deaths, Recovered over all province/county rows); likewise the 16 Apr report." % sum(v["rows"] for v in day.values()))
    w("- **Sub-national pseudo-rows kept:** the US and Canada report recoveries only as separate "
      "`Recovered` rows (Province_State = \"Recovered\"), and list cruise-ship passengers as "
      "`Diamond Princess`/`Grand Princess` provinces; these are included in the USA/Canada totals.")
    w("- **Dropped:** the country-level cruise-ship rows `Diamond Princess` (%d cases on 17 Apr) and "
      "`MS Zaandam` (%d cases) — no ISO code, not countries." % tuple(day[x]["Confirmed"] for x in DROP))
    w("- **Field mapping:** `cases` = Confirmed; `deaths` = Deaths; `recovered` = Recovered; "
      "`active` = Confirmed − Deaths − Recovered (computed; JHU's own `Active` column, summed, "
      "differs for %d countries); `todayCases` / `todayDeaths` = 17 Apr value − 16 Apr value, "
      "negative differences clamped to 0." % len(active_diff))
    w("- **updated:** the latest `Last_Update` among the country's rows in the 17 Apr report, "
      "read as UTC, in milliseconds since the Unix epoch.")
    w("- **countryInfo:** `iso2`, `iso3`, `lat`, `long` from the lookup table's country-level row "
      "(empty `Province_State`) for the JHU country name. No `_id` or `flag` fields.")
    w("- **Not included** (absent from the source): `critical`, `tests`, `casesPerOneMillion`, "
      "`deathsPerOneMillion`, `testsPerOneMillion`, `flag` and the other per-capita fields.")
    w("- **Order:** sorted by output country name (case-insensitive).")
    w("")
    w("### Renamed countries (JHU name → output name)\n")
    for k, v in RENAMES.items():
        w("- `%s` → `%s`" % (k, v))
    w("\nAll other names are JHU's unchanged (e.g. `Cote d'Ivoire`, `Czechia`, `Eswatini`, `Cabo Verde`).")
    w("")
    w("### Clamped day-on-day differences\n")
    if clamped:
        for n, tc, td in clamped:
            w("- %s: todayCases %d, todayDeaths %d (negatives set to 0)" % (n, tc, td))
            for sub, before, after in decreases.get(n, []):
                w("  - %s: %s on 16 Apr → %s on 17 Apr" % (sub, before, after))
    else:
        w("- none")
    if missing_prev:
        w("\nCountries absent from the 16 Apr report (todayCases/todayDeaths equal the 17 Apr values): " + ", ".join(missing_prev))
    if no_lookup:
        w("\nCountries without a lookup row (no countryInfo): " + ", ".join(no_lookup))
    w("")
    w("## Output\n")
    w("- File: `covid-countries.json` (compact JSON, one line, trailing newline)")
    w("- Countries: %d" % len(back))
    w("- Sum of `cases`: %d (= 17 Apr report Confirmed total %d − %d on the dropped ships)"
      % (sum(o["cases"] for o in back), total_conf, dropped_conf))
    w("- Size: %d bytes" % size)
    w("- SHA-256: `%s`" % sha)
    w("")
    with open(OUT_MD, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(L))


if __name__ == "__main__":
    sys.exit(main())
