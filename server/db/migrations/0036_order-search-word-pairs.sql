-- The admin search's word index holds neighbouring words as pairs too (issue 47, decision 084). A search of two or
-- more words read the posting list of each word's edge and intersected them: for "olivia smith" at 1,000,000 orders,
-- "ivia$" (26,666 orders) and "^smit" (25,346) for 1,127 orders in common, 1.8-2.6 ms. A pair of neighbours, the
-- first's last 4 letters and the second's first 4 ("ivia$^smit"), is one posting list of those 1,127.
-- Neighbours are the words next to each other in the order's search text, both of 3 letters or more; a shorter word
-- between two breaks the pair, as it does in the text typed (wordsQuery leaves such a pair to the single edges). A
-- word of 3 letters is its own first and last 3. The index still only narrows the candidates: strpos decides.
-- The function keeps its name and the index is rebuilt with it (an index of an IMMUTABLE function is only valid for
-- the body it was built with). At 1,000,000 orders the rebuild takes several minutes and holds writes to submissions.
CREATE OR REPLACE FUNCTION "order_search_words"(search_text text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  -- Anything but a letter or digit splits, and so does a change between letters and digits.
  words text[] := string_to_array(btrim(regexp_replace(regexp_replace(regexp_replace(search_text, '[^a-z0-9]+', ' ', 'g'),
    '([a-z])([0-9])', '\1 \2', 'g'), '([0-9])([a-z])', '\1 \2', 'g')), ' ');
  edges text[] := '{}';
  word text;
  previous text := '';
BEGIN
  FOREACH word IN ARRAY words LOOP
    IF length(word) >= 3 THEN
      edges := edges || ARRAY['^' || left(word, 3), '^' || left(word, 4), right(word, 3) || '$', right(word, 4) || '$'];
      IF previous <> '' THEN
        edges := edges || (right(previous, 4) || '$^' || left(word, 4));
      END IF;
      previous := word;
    ELSE
      previous := '';
    END IF;
  END LOOP;
  -- array_to_tsvector sorts and drops repeats; an empty text has one empty word, which a tsvector cannot hold.
  RETURN array_to_tsvector(array_remove(words, '') || edges);
END
$$;--> statement-breakpoint
REINDEX INDEX "submissions_search_words_idx";
--> statement-breakpoint
-- The guard of the search's functions (migration 0022) ran its regular expression over the whole query text on every
-- call: 0.3 ms for a search's 1,500 characters, once for each estimate and once for the candidates. A text without a
-- semicolon or a backslash anywhere has none outside its literals, so it passes without the expression.
CREATE OR REPLACE FUNCTION "search_one_query"(query text) RETURNS void LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF strpos(query, ';') = 0 AND strpos(query, chr(92)) = 0 THEN
    RETURN;
  END IF;
  IF regexp_replace(query, '''([^'']|'''')*''', '', 'g') ~ ('[;' || chr(92) || chr(92) || ']') THEN
    RAISE EXCEPTION 'the admin search takes one query';
  END IF;
END
$$;
