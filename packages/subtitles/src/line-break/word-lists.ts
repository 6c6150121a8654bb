/**
 * The commonest function words of the space-separated languages whose guides ask for breaks
 * before conjunctions and prepositions and never after an article: enough to steer the breaker,
 * not a grammar. A language without a list breaks by punctuation and balance alone.
 */
export interface WordLists {
  conjunctions: ReadonlySet<string>;
  prepositions: ReadonlySet<string>;
  /** articles, possessives, demonstratives: they belong with the noun after them */
  articles: ReadonlySet<string>;
  subjects: ReadonlySet<string>;
  auxiliaries: ReadonlySet<string>;
  negations: ReadonlySet<string>;
  /** verbs that take the infinitive right after them ("puedo | hacerlo"): not left at a line's end */
  modals: ReadonlySet<string>;
  /** heads of a verb periphrasis with its link ("tengo que", "voy a", "going to", "have to") */
  heads: ReadonlySet<string>;
  links: ReadonlySet<string>;
  /** unstressed object pronouns before their verb ("se | fue"): not left at a line's end */
  clitics: ReadonlySet<string>;
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

const lists = (l: Partial<Record<keyof WordLists, string>>): WordLists => ({
  conjunctions: set(l.conjunctions ?? ''),
  prepositions: set(l.prepositions ?? ''),
  articles: set(l.articles ?? ''),
  subjects: set(l.subjects ?? ''),
  auxiliaries: set(l.auxiliaries ?? ''),
  negations: set(l.negations ?? ''),
  modals: set(l.modals ?? ''),
  heads: set(l.heads ?? ''),
  links: set(l.links ?? ''),
  clitics: set(l.clitics ?? ''),
});

export const PENALTY_WORDS: Record<string, WordLists> = {
  en: lists({
    conjunctions:
      'and but or nor so because that which who whom whose when where while if although though unless until since whereas what why how whether',
    prepositions:
      'in on at to for with from about into of by over under after before through without between as like near',
    articles: 'a an the my your his her its our their this these those every each some any no',
    subjects: 'i you he she we they',
    auxiliaries:
      "am is are was were be been have has had do does did will would can could shall should may might must i'm you're he's she's it's we're they're i've you've we've they've i'll you'll he'll she'll we'll they'll i'd you'd he'd she'd we'd they'd",
    negations: "not n't never",
    // and the heads of a locution with its preposition ("in front | of", "as soon | as", "all | over")
    heads:
      'going have has had need needs needed want wants wanted got ought used able trying tried front out because instead ahead soon all',
    links: 'to of as over',
  }),
  es: lists({
    conjunctions: 'y e o u ni pero sino porque que cuando donde mientras aunque si pues',
    prepositions: 'a en de con para por sin sobre entre desde hasta hacia contra',
    articles:
      'el la los las un una unos unas mi mis tu tus su sus este esta estos estas ese esa esos esas al del toda todas todos cada otra otras otros muchas muchos primer tercer buen gran mal algún ningún',
    subjects: 'yo tú él ella nosotros nosotras vosotros ellos ellas usted ustedes',
    auxiliaries:
      'he has ha hemos han había habías habíamos habían haya hayas hayamos hayan habría habrías habríamos habrían habré habrás habrá habremos habrán hubiera hubieras hubiéramos hubieran',
    negations: 'no',
    modals:
      'puedo puedes puede podemos pueden podía podías podían podría podrías podríamos podrían debo debes debe debemos deben debía debería deberías deberíamos deberían quiero quieres quiere queremos quieren quería querías querían necesito necesitas necesita necesitamos necesitan suelo sueles suele solemos suelen sabes sabe',
    heads:
      'tengo tienes tiene tenemos tienen tenía tenías teníamos tenían tendré tendrás tendrá tendremos tendrán hay había habrá hubo voy vas va vamos van iba ibas íbamos iban acabo acabas acaba acabamos acaban acabé acabó acabaron empiezo empiezas empieza empezamos empiezan empecé empezó empezaron empezaba empezaban comienza comienzan comenzó comenzaron vuelvo vuelves vuelve vuelven volví volvió volvieron dejo deja dejas' +
      // the heads of a prepositional locution with its link ("antes | de", "junto | a")
      ' antes después debajo delante detrás encima dentro fuera cerca lejos junto además acerca alrededor',
    links: 'que a de',
    clitics: 'me te se nos os le les lo',
  }),
  fr: lists({
    conjunctions: 'et ou mais donc car ni parce que qui quand lorsque puisque si comme',
    prepositions: 'à de en dans pour par avec sans sur sous chez vers entre depuis contre',
    articles:
      'le la les un une des du au aux mon ma mes ton ta tes son sa ses ce cet cette ces notre nos votre vos leur leurs toute toutes tous chaque',
    subjects: 'je tu il elle on nous vous ils elles',
    auxiliaries:
      'ai as a avons avez ont suis es est sommes êtes sont avais avait avions aviez avaient aurai auras aura aurais aurait aurions auriez auraient étais était étions étiez étaient',
    negations: 'pas jamais rien',
    modals:
      'dois doit devons devez doivent devais devait devrais devrait devrions devriez devraient peux peut pouvons pouvez peuvent pouvais pouvait pourrais pourrait pourrions pourriez pourraient veux veut voulons voulez veulent voulais voulait voudrais voudrait vais vas va allons allez vont allais allait faut fallait',
    // and the heads of a quantity or a locution with its link ("trop | de temps", "dès | que")
    heads:
      'viens vient venons venez viennent venais venait plus trop beaucoup peu assez moins tant avant près loin autour dès parce afin bien tandis alors pendant',
    links: 'de que',
    clitics: 'ne me te se lui leur y en',
  }),
  de: lists({
    conjunctions: 'und oder aber denn sondern weil dass wenn als ob obwohl während damit',
    prepositions: 'in an auf mit von zu für bei nach aus über unter vor hinter durch ohne gegen',
    articles:
      'der die das den dem des ein eine einen einem einer eines mein meine dein deine sein seine ihr ihre unser unsere euer eure dieser diese dieses',
    subjects: 'ich du er sie es wir ihr',
    auxiliaries: 'bin bist ist sind seid war waren habe hast hat haben habt hatte werde wirst wird werden',
    negations: 'nicht nie kein keine',
  }),
  it: lists({
    conjunctions: 'e ed o ma però perché che quando mentre se anche',
    prepositions: 'a di in con per da su tra fra',
    articles:
      'il lo la i gli le un uno una del dello della dei degli delle mio mia tuo tua suo sua questo questa quel quella',
    subjects: 'io tu lui lei noi voi loro',
    auxiliaries: 'ho hai ha abbiamo avete hanno sono sei è siamo siete',
    negations: 'non',
    modals:
      'posso puoi può possiamo potete possono potrei potrebbe devo devi deve dobbiamo dovete devono dovrei dovrebbe voglio vuoi vuole vogliamo volete vogliono vorrei',
    heads: 'sto stai sta stiamo state stanno vado vai va andiamo andate vanno',
    links: 'per a',
    clitics: 'mi ti si ci vi gli ne',
  }),
  pt: lists({
    conjunctions: 'e ou mas porque que quando enquanto se embora pois',
    prepositions: 'em de a com para por sem sobre entre até desde',
    articles:
      'o a os as um uma uns umas do da dos das no na nos nas meu minha teu tua seu sua este esta esse essa',
    subjects: 'eu tu ele ela nós vós eles elas você vocês',
    auxiliaries: 'tenho tens tem temos têm estou está estamos estão',
    negations: 'não',
    modals:
      'posso pode podemos podem podia poderia devo deve devemos devem devia deveria quero quer queremos querem queria vou vai vamos vão ia',
    heads: 'tenho tens tem temos têm tinha tinham',
    links: 'que de',
    clitics: 'me te se lhe lhes nos vos',
  }),
  nl: lists({
    conjunctions: 'en of maar want omdat dat als wanneer terwijl hoewel',
    prepositions: 'in op aan met van voor naar bij uit over onder door zonder',
    articles: 'de het een mijn jouw zijn haar ons onze hun deze dit die dat',
    subjects: 'ik jij je hij zij ze wij we jullie',
    negations: 'niet nooit geen',
  }),
  sv: lists({
    conjunctions: 'och eller men för att som när om eftersom',
    prepositions: 'i på till från med av för om under över',
    articles: 'en ett den det de min mitt mina din ditt dina',
    subjects: 'jag du han hon vi ni de',
    negations: 'inte aldrig',
  }),
  da: lists({
    conjunctions: 'og eller men for at som når hvis fordi',
    prepositions: 'i på til fra med af for om under over',
    articles: 'en et den det de min mit mine din dit dine',
    subjects: 'jeg du han hun vi i de',
    negations: 'ikke aldrig',
  }),
  no: lists({
    conjunctions: 'og eller men for at som når hvis fordi',
    prepositions: 'i på til fra med av for om under over',
    articles: 'en ei et den det de min mitt mine din ditt dine',
    subjects: 'jeg du han hun vi dere de',
    negations: 'ikke aldri',
  }),
  pl: lists({
    conjunctions: 'i a ale lub albo bo że gdy kiedy jeśli ponieważ',
    prepositions: 'w z na do od po za przez dla przy pod nad o u',
    negations: 'nie',
  }),
  cs: lists({
    conjunctions: 'a ale nebo protože že když jestli aby',
    prepositions: 'v ve z ze na do od po za pro při pod nad o u s se k',
    negations: 'ne',
  }),
  ru: lists({
    conjunctions: 'и а но или что чтобы когда если потому',
    prepositions: 'в во на с со к ко по за из от до для без о об у под над',
    negations: 'не',
  }),
  uk: lists({
    conjunctions: 'і й та а але або що щоб коли якщо',
    prepositions: 'в у на з із зі до від для без по за під над о',
    negations: 'не',
  }),
  tr: lists({ conjunctions: 've veya ama fakat çünkü ki ya da' }),
  fi: lists({ conjunctions: 'ja tai mutta koska että kun jos' }),
  id: lists({
    conjunctions: 'dan atau tetapi tapi karena bahwa ketika jika kalau',
    prepositions: 'di ke dari untuk dengan',
  }),
  ms: lists({
    conjunctions: 'dan atau tetapi kerana bahawa ketika jika kalau',
    prepositions: 'di ke dari untuk dengan',
  }),
  tl: lists({ conjunctions: 'at o pero ngunit dahil kapag kung' }),
  vi: lists({ conjunctions: 'và hoặc nhưng vì khi nếu' }),
};
