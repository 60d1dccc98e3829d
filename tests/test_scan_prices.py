"""A figure printed with a currency sign and what it is per ("$2.50/hr", "$0.69/M output tokens") is a price: an
hourly rate the page states, or a cost per million tokens the catalogue's cost formula derives from it and the
page's token rate (auditor/scan/locate.py ``price``, quantities.py, given.py ``page_sets``)."""

from __future__ import annotations

from test_scan_figures_in_context import _located, _one

PAGE = "# Cost\n\nAn H100 rents for $2.50/hr. At 1,000 tok/s of goodput that is {cost} output tokens.\n"


def test_a_price_reads_its_currency_and_what_it_is_per(tmp_path):
    found = _located(tmp_path, PAGE.format(cost="$0.69/M"))
    assert [p.stated for p in found if "USD" in p.stated] == ["2.50 USD/hour", "0.69 USD"]


def test_a_cost_per_million_tokens_is_the_hourly_price_over_the_token_rate(tmp_path):
    """$2.50 / 3,600 s / 1,000 tok/s x 1,000,000 = $0.694 per million tokens."""
    cost = _one(_located(tmp_path, PAGE.format(cost="$0.69/M")), "0.69 USD")
    assert cost.formula == "cost_per_million_output_tokens"
    assert cost.given == {"gpu_hour_price": "2.50 USD/hour", "goodput": "1000 tok/s"} and cost.finding.verdict.holds


def test_latex_dollars_are_no_price_and_a_sign_with_no_rate_is_an_amount_no_rate_formula_prices(tmp_path):
    found = _located(tmp_path, "# Math\n\nThe batch is $32$ and the step $2.5$ ms; a card costs $30,000.\n")
    assert [p.stated for p in found if "USD" in p.stated] == ["30,000 USD"]
    card = _one(_located(tmp_path, PAGE.format(cost="$0.69/M") + "The card itself costs $30,000.\n"), "30,000 USD")
    assert not card.proposed and card.finding is None


def test_the_only_token_rate_beside_a_cost_is_its_throughput_whatever_it_is_called(tmp_path):
    """$20 / 3,600 s / 5,000 tok/s x 1,000,000 = $1.11 per million tokens."""
    found = _located(tmp_path, "# Cost\n\nA node at $20/hr serving 5,000 tok/s costs $1.11 per million tokens.\n")
    cost = _one(found, "1.11 USD")
    assert cost.given == {"gpu_hour_price": "20 USD/hour", "goodput": "5000 tok/s"} and cost.finding.verdict.holds


def test_a_code_block_working_a_price_is_read_as_its_arithmetic_per_million(tmp_path):
    """A fence whose lines work a price ("$3/hr / 18 M tok/hr = ~$0.17 per million") sets out arithmetic, as one with
    a unit does: $3 / 18e6 tokens x 1,000,000 = $0.167 per million tokens."""
    page = ("# Cost\n\n```\n5,000 tok/s  x  3,600 s/hr  =  18 M tok/hr\n$3/hr  /  18 M tok/hr       =  ~$0.17 per million output tokens\n```\n\n"
            "5,000 tok/s is a realistic batched rate for a 7B on an H100.\n")
    cost = _one(_located(tmp_path, page), "0.17 USD")
    assert cost.arithmetic is not None and "18e6" in cost.arithmetic and cost.finding.verdict.holds
    assert any("per million" in e for e in cost.evidence)


def test_a_sum_of_prices_is_printed_arithmetic_read_as_the_page_drops_its_units(tmp_path):
    """8 x $2 = $16 an hour (the page's "$2" is its hourly rate); 4 x $6 x 730 = $17,520, not $17,000; $48 / 115M
    tokens = $0.42 per million."""
    page = ("# Cost\n\nA node of 8 GPUs at $2/hr each costs 8 x $2 = $16/hr.\n\n"
            "A 4-GPU replica costs 4 x $6 x 730 = $17,000 a month.\n\nPer million: $48 ÷ 115M ≈ $0.42 / M.\n")
    found = _located(tmp_path, page)
    hourly, monthly, per_million = _one(found, "16 USD/hour"), _one(found, "17,000 USD"), _one(found, "0.42 USD")
    assert hourly.arithmetic == "(8 * 2) * (USD/hour)" and hourly.finding.verdict.holds
    assert monthly.arithmetic == "4 * (6*usd) * 730" and monthly.finding.verdict.value == "mismatch"
    assert per_million.finding.verdict.holds and "1e6" in per_million.arithmetic


def test_a_sum_of_prices_no_reading_of_which_gives_its_result_is_not_proposed(tmp_path):
    """$2 an hour times 5 ms is no price per hour read as printed, and read bare it is 10, not 3: the page's units
    cannot be followed, so the number is located and not audited."""
    found = _located(tmp_path, "# Cost\n\nThe step costs $2/hr x 5 ms = $3/hr.\n")
    cost = _one(found, "3 USD/hour")
    assert not cost.proposed and any("no reading of them holds" in e for e in cost.evidence)


def test_a_table_prices_each_rows_cost_per_million_from_its_own_hourly_rate_and_throughput(tmp_path):
    """"$/hr" and "$/M tokens" headers say what their cells are per; each row's cost is its own rate over its own
    throughput, whatever rate the page quotes elsewhere: $1.00 / 3,600 s / 1,389 tok/s x 1e6 = $0.20, and $3.50
    over 4,000 tok/s = $0.243."""
    page = ("# Cost\n\nAt $10/hr a node is cheap.\n\n| GPU | Throughput | $/hr | $/M tokens |\n|---|---|---|---|\n"
            "| A10G | 1,389 tok/s | $1.00 | $0.20 |\n| A100-80 | 4,000 tok/s | $3.50 | $0.34 |\n")
    found = _located(tmp_path, page)
    right, wrong = _one(found, "0.20"), _one(found, "0.34")
    assert right.formula == "cost_per_million_output_tokens" and right.given == {"goodput": "1389 tok/s", "gpu_hour_price": "1.00 USD/hour"}
    assert right.finding.verdict.holds and wrong.finding.verdict.value == "mismatch"


def test_a_price_per_month_or_year_is_one_and_setting_two_periods_equal_is_their_sum(tmp_path):
    """A month is a twelfth of a 365-day year (730 hours, as cloud prices count it): "$24,800/month = $297,600/year"
    holds, "$1,000/month = $10,000/year" is $12,000 a year, and "$2.50/hr = $1,825/month" holds."""
    found = _located(tmp_path, "# Savings\n\n- Savings: $24,800/month = $297,600/year.\n- Wrong: $1,000/month = $10,000/year.\n"
                               "- Rent: $2.50/hr = $1,825/month.\n")
    assert [p.stated for p in found] == ["24,800 USD/month", "297,600 USD/year", "1,000 USD/month", "10,000 USD/year",
                                         "2.50 USD/hour", "1,825 USD/month"]
    verdicts = {p.stated: p.finding.verdict.value for p in found if p.finding is not None}
    assert verdicts == {"297,600 USD/year": "holds", "10,000 USD/year": "mismatch", "1,825 USD/month": "holds"}


def test_a_month_of_thirty_days_is_the_other_reading_of_a_month(tmp_path):
    """"$1.49/hr ≈ $1,073/month" counts 720 hours, as many price pages do: a month of 30 days is a month's other reading,
    and the finding names it; a month that is neither 720 nor 730 hours ("$1.49/hr ≈ $1,150/month") is still a mismatch."""
    found = _located(tmp_path, "# Rent\n\n- An A100 at ~$1.49/hr ≈ $1,073/month.\n- An A100 at ~$1.49/hr ≈ $1,150/month.\n")
    thirty, wrong = (p.finding for p in found if p.stated in ("1,073 USD/month", "1,150 USD/month"))
    assert thirty.verdict.value == "holds" and any("30 days" in remark for remark in thirty.remarks)
    assert wrong.verdict.value == "mismatch"


def test_a_price_in_thousands_is_read_as_its_dollars_and_a_bracket_after_it_restates_it(tmp_path):
    """"$100/hr ($876K/yr)": the hourly price holds its sum, 40 × $2.50/hr, and the yearly one is 876,000 dollars a
    year, the same rate over 8,760 hours."""
    found = _located(tmp_path, "# Cost\n\nCost: 40 × $2.50/hr = $100/hr ($876K/yr)\n")
    assert [p.stated for p in found if "USD" in p.stated] == ["2.50 USD/hour", "100 USD/hour", "876e3 USD/year"]
    assert _one(found, "100 USD/hour").finding.verdict.holds


def test_thousands_glued_to_a_dollar_amount_scale_it_in_a_sum_and_as_a_figure(tmp_path):
    """"$375k × 5 = $1,876,880" prices 375,000 dollars five times: $1,875,000, so the printed total misses (it was
    worked from an unrounded $375,376); "$95k + $2k × 4 = $103,000" holds. Read without its "k", each sum is a
    thousandfold off."""
    found = _located(tmp_path, "# Five years\n\n- Cloud: $375k × 5 = $1,876,880\n- Own: $95k + $2k × 4 = $103,000\n")
    assert [p.stated for p in found if "USD" in p.stated] == ["375e3 USD", "1,876,880 USD", "95e3 USD", "2e3 USD", "103,000 USD"]
    cloud, own = _one(found, "1,876,880 USD"), _one(found, "103,000 USD")
    assert cloud.arithmetic == "(375e3*usd) * 5" and cloud.finding.verdict.value == "mismatch"
    assert own.arithmetic == "(95e3*usd) + (2e3*usd) * 4" and own.finding.verdict.holds


def test_millions_of_dollars_are_an_amount_never_a_models_size(tmp_path):
    """"$1.1M over 3 years" is written like a parameter count ("1.1M"), but the dollar sign makes it money."""
    found = _located(tmp_path, "# Cost\n\nThe cloud path costs $1.1M over 3 years; a 7B model needs 14 GB.\n")
    assert [p.stated for p in found if "USD" in p.stated] == ["1.1e6 USD"]
    assert not any(p.stated.startswith("7B") for p in found)


def test_a_priced_sum_that_converts_its_periods_by_hand_and_misses_by_no_period_is_flagged(tmp_path):
    """"3 × $32.77 × 24 × 365 = $361,656/year" is $861,196 a year read bare in the result's unit: 2.38 times the
    figure, which no period or scale explains, so the arithmetic is wrong whatever its units meant. "$18 per run
    (4 GPUs × $3/hour)" converts no period: a factor it leaves unprinted (the run's hours) may be the difference."""
    found = _located(tmp_path, "# Cloud\n\nCost: 3 × $32.77 × 24 × 365 = $361,656/year\n\nRight: 3 × $32.77 × 24 × 365 = $861,196/year\n\n"
                               "Cost saved: $18 per run (4 GPUs × $3/hour)\n")
    wrong, right = _one(found, "361,656 USD/year"), _one(found, "861,196 USD/year")
    assert wrong.finding.verdict.value == "mismatch" and "misses by no period" in wrong.evidence[-1]
    assert right.finding.verdict.holds
    assert _one(found, "18 USD").finding is None


def test_a_price_per_second_minute_day_or_week_is_a_rate_its_conversions_are_checked(tmp_path):
    """Serverless cards bill by the second: "$3/hour = $0.000833/second" holds as a conversion of periods, "$2/hour =
    $50/day" is flagged (48), and "$0.0005/sec × 3600 = $1.8/hour" holds with its seconds counted by hand."""
    found = _located(tmp_path, "# Cost\n\n- A100: $3/hour = $0.000833/second\n- Spot: $2/hour = $50/day\n"
                               "- Serverless: $0.0005/sec × 3600 = $1.8/hour\n")
    assert {p.stated for p in found if "USD/" in p.stated} >= {"0.000833 USD/second", "50 USD/day", "0.0005 USD/second"}
    assert _one(found, "0.000833 USD/second").finding.verdict.holds
    assert _one(found, "50 USD/day").finding.verdict.name == "MISMATCH"
    assert _one(found, "1.8 USD/hour").finding.verdict.holds


def test_an_energy_price_per_kilowatt_hour_prices_a_power_draw_by_the_hour(tmp_path):
    """"Electricity: $0.165/kWh" is a price of energy, so a rig drawing "350W" at "$0.058/hr" is the two multiplied
    (0.05775), found from the page's own numbers; a "$0.090/hr" no pair gives is left unpriced, never accused."""
    found = _located(tmp_path, "# Power\n\nElectricity price: $0.165/kWh.\n\n| Rig | Power draw (W) | Cost per hour (USD) |\n"
                               "| --- | --- | --- |\n| RTX 3090 | 350W | $0.058/hr |\n| RTX 4090 | 450W | $0.090/hr |\n")
    assert "0.165 USD/kWh" in [p.stated for p in found]
    cost = _one(found, "0.058 USD/hour")
    assert cost.arithmetic is not None and "USD/kWh" in cost.arithmetic and cost.finding.verdict.holds
    assert not _one(found, "0.090 USD/hour").proposed


def test_bare_prices_the_page_prints_per_million_tokens_are_those_prices_in_a_sum(tmp_path):
    """A page that prices input at "$0.14/M" and cache hits at "$0.028/M" then works "100×$0.14 + 300×$0.028 =
    $0.0000224" with the "/M" dropped: (14 + 8.4) / 1,000,000 = $0.0000224 holds, and a sum that misses by more than
    the million ($0.0000300) is still the page's miss. Read as printed it would be $22.40, a false alarm."""
    page = ("# Billing\n\nInput costs $0.14/M tokens and a cache hit $0.028/M tokens.\n\n"
            "Turn 2: 100×$0.14 + 300×$0.028 = $0.0000224.\n\nTurn 3: 100×$0.14 + 600×$0.028 = $0.0000300.\n")
    found = _located(tmp_path, page)
    turn2, turn3 = _one(found, "0.0000224 USD"), _one(found, "0.0000300 USD")
    assert turn2.finding.verdict.holds and any("per million tokens" in e for e in turn2.evidence)
    assert turn3.proposed and not turn3.finding.verdict.holds


def test_prices_printed_bare_with_no_price_per_million_on_the_page_are_read_as_printed(tmp_path):
    """Without "$0.14/M" anywhere, "$0.14" is fourteen cents: the same sum is $22.40 and "$0.0000224" misses it."""
    found = _located(tmp_path, "# Billing\n\nTurn 2: 100×$0.14 + 300×$0.028 = $0.0000224.\n")
    turn2 = _one(found, "0.0000224 USD")
    assert not any("per million tokens" in e for e in turn2.evidence)
    assert turn2.finding is None or not turn2.finding.verdict.holds


def test_a_discount_in_a_price_table_is_its_price_against_the_columns_price_above(tmp_path):
    """"| Cache hit | $0.028 / M tokens (80% off) |" under "| Cache miss | $0.14 / M tokens |": 1 - 0.028 / 0.14 = 80%;
    a discount of 75% there is the page's miss."""
    page = "# Pricing\n\n| Type | Price |\n|---|---|\n| Cache miss | $0.14 / M tokens |\n| Cache hit | $0.028 / M tokens ({off}% off) |\n"
    off = _one(_located(tmp_path, page.format(off="80")), "80%")
    assert off.arithmetic == "1 - 0.028 / 0.14" and off.finding.verdict.holds
    assert not _one(_located(tmp_path, page.format(off="75")), "75%").proposed


def test_a_blended_price_column_mixes_the_two_prices_in_the_parts_its_header_gives(tmp_path):
    """"Blended $/1M (3:1)" is three parts input to one part output: (3 × 21 + 168) / 4 = $57.75, (3 × 0.9 + 2) / 4 =
    $1.175 printed $1.18; a row that prints $35.00 for (3 × 15 + 75) / 4 = $30 is flagged."""
    page = ("# Pricing\n\n| Model | Input $/1M | Output $/1M | Blended $/1M (3:1) |\n|---|---|---|---|\n| A | $21.00 | $168.00 | $57.75 |\n"
            "| B | $15.00 | $75.00 | $35.00 |\n| C | ~$0.50 | ~$1.50 | ~$0.75 |\n| D | ~$0.90 | ~$2.00 | ~$1.18 |\n")
    found = _located(tmp_path, page)
    for stated in ("57.75", "0.75", "1.18"):
        blended = _one(found, stated)
        assert blended.arithmetic == "(3 * Input_M + 1 * Output_M) / 4" and blended.finding.verdict.holds, stated
    assert _one(found, "35.00").finding.verdict.value == "mismatch"


def test_a_listings_saving_is_its_line_against_the_lines_above_it(tmp_path):
    """A code block lists formats one a line: "INT8: 1 byte per number → 50% less VRAM" and "INT4: 0.5 bytes per number
    → 75% less VRAM" under "bfloat16: 2 bytes per number" are 1 - 1/2 and 1 - 0.5/2; "→ 60% less" is not passed."""
    page = ("# Quantization\n\n```\nbfloat16 (full precision): 2 bytes per number\nINT8 (8-bit integer):      1 byte per number  →  50% less VRAM\n"
            "INT4 (4-bit integer):      0.5 bytes per number →  {four}% less VRAM\n```\n")
    found = _located(tmp_path, page.format(four="75"))
    for stated in ("50%", "75%"):
        assert _one(found, stated).arithmetic and _one(found, stated).finding.verdict.holds, stated
    wrong = _one(_located(tmp_path, page.format(four="60")), "60%")
    assert wrong.finding is None or not wrong.finding.verdict.holds
