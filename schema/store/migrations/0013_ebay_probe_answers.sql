-- What `gpuprice probe` saw eBay do, per marketplace and question, where eBay's documents
-- disagree with each other or leave a behaviour open (how Marketplace Insights joins the words of
-- q, how an ended item answers getItem, ...). A night reads the answers it uses (the Insights
-- keyword join) instead of guessing; `answer` is a word from gpuprice's own name tables, `detail`
-- what was measured (totals, statuses), for a person.

CREATE TABLE ebay_probe_answers (
    marketplace TEXT NOT NULL,
    question    TEXT NOT NULL,
    answer      TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT '',
    asked_at    TEXT NOT NULL,
    PRIMARY KEY (marketplace, question)
) WITHOUT ROWID;
