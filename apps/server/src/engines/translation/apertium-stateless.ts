/**
 * Issue 36: one user's translation must not depend on what others translated before. Apertium's
 * HMM tagger (`apertium-tagger`) in null-flush mode carries state from one request to the next:
 * one English file came out different in 2 of its 900 cues after the same long-running pipeline
 * had translated 10 other files, every difference born in the tagger's choices (`near` as a verb,
 * then as an adjective). The other programs of eng-spa gave the same stream whatever came before.
 *
 * So the tagger's stage runs once per request: a small loop reads a request up to its NUL, gives it
 * to a tagger of its own (its model is a few dozen kB: about 15 ms to start) and writes the NUL
 * after the tagger's answer. The programs with large dictionaries stay loaded. Perl (in every
 * Debian system) reads the requests in blocks; bash's `read` is the fallback, a byte at a time.
 */

const TAGGER = /^apertium-tagger\s/;

/** a request to a fresh run of `stage`, then the request's NUL */
function perRequest(stage: string, perl: boolean): string {
  if (perl)
    return `perl -0 -e '$|=1; while (my $r = <STDIN>) { chomp $r; open(my $t, "|-", @ARGV) or die "$ARGV[0]: $!"; print $t $r; close $t; print "\\0" }' ${stage}`;
  return `while IFS= read -r -d '' r; do printf '%s' "$r" | ${stage}; printf '\\0'; done`;
}

/**
 * The null-flush script of a mode (apertium-wblank-mode -z) with every `apertium-tagger` stage run
 * once per request, without `-z`; the script as it was when it has none.
 */
export function freshTaggerPerRequest(script: string, opts: { perl: boolean }): string {
  return script
    .trim()
    .split(' | ')
    .map((stage) => {
      if (!TAGGER.test(stage)) return stage;
      const once = stage.replace(/\s-z(?=\s)/, '');
      return perRequest(once, opts.perl);
    })
    .join(' | ');
}
