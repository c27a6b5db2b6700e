<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>Accessible</name>
    <message>
        <location filename="../widgets/accessible.py" line="+62" />
        <source>{token}, id {id}, characters {start}–{end}</source>
        <extracomment>Up/Down look for the nearest token this many stops before/after the focused one (a line of a wrapped view holds fewer), so a key press costs the same in a 50k-token text. Every interface made here that may still be alive (see "Lifetime" above).</extracomment>
        <translation>{token}, id {id}, 문자 {start}–{end}</translation>
    </message>
</context>
<context>
    <name>AnalysisDocks</name>
    <message>
        <location filename="../analysis_docks.py" line="+86" />
        <source>Compare</source>
        <translation>비교</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Conformance</source>
        <translation>일치 검사</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Unseen words</source>
        <translation>처음 보는 단어</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Statistics</source>
        <translation>통계</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Long text</source>
        <translation>긴 텍스트</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Languages</source>
        <translation>언어</translation>
    </message>
</context>
<context>
    <name>AuditPanel</name>
    <message>
        <location filename="../widgets/audit_panel.py" line="+31" />
        <source>special</source>
        <extracomment>what each category means, as the combo's tooltips say it</extracomment>
        <translation>특수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>added</source>
        <translation>추가됨</translation>
    </message>
    <message>
        <location line="+1" />
        <source>unreachable</source>
        <translation>도달 불가</translation>
    </message>
    <message>
        <location line="+1" />
        <source>unreachable alone</source>
        <translation>단독 도달 불가</translation>
    </message>
    <message>
        <location line="+1" />
        <source>partial UTF-8</source>
        <translation>불완전한 UTF-8</translation>
    </message>
    <message>
        <location line="+1" />
        <source>normalized duplicate</source>
        <translation>정규화 중복</translation>
    </message>
    <message>
        <location line="+1" />
        <source>unused on the corpus</source>
        <translation>코퍼스에서 미사용</translation>
    </message>
    <message>
        <location line="+1" />
        <source>residue</source>
        <translation>잔여 토큰</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Special added tokens (never searched for)</source>
        <translation>특수 추가 토큰(검색하지 않음)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Added tokens that are not special</source>
        <translation>특수 토큰이 아닌 추가 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>No text tried encodes to a sequence holding the token (alone, in short contexts, in corpus words)</source>
        <translation>시도한 어떤 텍스트도 이 토큰을 포함하는 시퀀스로 인코딩되지 않음(단독, 짧은 문맥, 코퍼스 단어)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The token's own text does not encode to exactly this token; the witness column shows a text that reaches it, if any</source>
        <translation>토큰 자신의 텍스트가 정확히 이 토큰으로 인코딩되지 않음. 증거 열에 이 토큰에 도달하는 텍스트가 있으면 표시됨</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Byte tokens that are not valid UTF-8 on their own</source>
        <translation>그 자체로는 올바른 UTF-8이 아닌 바이트 토큰</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The normalizer turns the token's text into another entry's text</source>
        <translation>정규화기가 토큰의 텍스트를 다른 항목의 텍스트로 바꿈</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Tokens that never occur when the corpus words are encoded</source>
        <translation>코퍼스 단어를 인코딩할 때 한 번도 나오지 않는 토큰</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Merge products that almost never survive as final tokens (under 10% of their occurrences)</source>
        <translation>최종 토큰으로 거의 남지 않는 병합 결과(출현의 10% 미만)</translation>
    </message>
    <message>
        <location line="+49" />
        <source>Audit vocabulary</source>
        <extracomment>the user asked for an audit (the pane starts the pool job) a token id chosen in the table the user wants to prune, extend or merge (the pane opens the surgery dialog)</extracomment>
        <translation>어휘 감사</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Find unreachable, partial UTF-8, duplicate, unused and residue tokens (runs in the background; with a corpus loaded, its words give counts)</source>
        <translation>도달 불가, 불완전한 UTF-8, 중복, 미사용, 잔여 토큰을 찾습니다(백그라운드에서 실행; 코퍼스를 불러오면 그 단어로 빈도를 셉니다)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Export CSV…</source>
        <translation>CSV 내보내기…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Save every token's audit row as CSV</source>
        <translation>모든 토큰의 감사 행을 CSV로 저장</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Edit vocabulary…</source>
        <translation>어휘 편집…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Prune tokens (e.g. the audited ones), extend by training on the corpus, or merge with another tokenizer; see the corpus diff before keeping the result</source>
        <translation>토큰 잘라내기(예: 감사에서 찾은 토큰), 코퍼스로 추가 학습해 확장하기, 다른 토크나이저와 병합하기. 결과를 유지하기 전에 코퍼스 차이를 확인합니다</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Which tokens the table lists</source>
        <translation>표에 나열할 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+75" />
        <source>Not audited yet</source>
        <translation>아직 감사하지 않음</translation>
    </message>
    <message>
        <location line="-15" />
        <source>Auditing…</source>
        <translation>감사 중…</translation>
    </message>
    <message>
        <location line="+7" />
        <source>{0} of {1}</source>
        <translation>{1} 중 {0}</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Cannot audit: {error}</source>
        <translation>감사할 수 없음: {error}</translation>
    </message>
    <message>
        <location line="+6" />
        <source>with corpus counts</source>
        <translation>코퍼스 빈도 포함</translation>
    </message>
    <message>
        <location line="+1" />
        <source>without a corpus (load one for unused and residue tokens)</source>
        <translation>코퍼스 없음(미사용·잔여 토큰을 보려면 코퍼스를 불러오세요)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{n} entries audited, {corpus}</source>
        <translation>항목 {n}개 감사함, {corpus}</translation>
    </message>
    <message>
        <location line="+21" />
        <source>Export the audit</source>
        <translation>감사 결과 내보내기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>CSV table (*.csv)</source>
        <translation>CSV 표 (*.csv)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Cannot export</source>
        <translation>내보낼 수 없음</translation>
    </message>
</context>
<context>
    <name>BlockListEditor</name>
    <message>
        <location filename="../widgets/block_editor.py" line="+146" />
        <source>Add</source>
        <translation>추가</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Precompiled (from the current tokenizer)</source>
        <translation>Precompiled (현재 토크나이저에서)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Remove</source>
        <translation>제거</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Move the selected block up (it runs earlier)</source>
        <translation>선택한 블록을 위로 옮깁니다 (더 먼저 실행)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Move the selected block down (it runs later)</source>
        <translation>선택한 블록을 아래로 옮깁니다 (더 나중에 실행)</translation>
    </message>
    <message>
        <location line="+68" />
        <source>The current tokenizer has no Precompiled normalizer (open a SentencePiece tokenizer such as T5 or ALBERT)</source>
        <translation>현재 토크나이저에 Precompiled 정규화기가 없습니다 (T5나 ALBERT 같은 SentencePiece 토크나이저를 여세요)</translation>
    </message>
</context>
<context>
    <name>BlockOptionsForm</name>
    <message>
        <location line="-162" />
        <source>{0} bytes of SentencePiece rules</source>
        <extracomment>Fields whose value is one of a few names. BertNormalizer's strip_accents: None follows lowercase.</extracomment>
        <translation>SentencePiece 규칙 {0}바이트</translation>
    </message>
    <message>
        <location line="+22" />
        <source>as lowercase</source>
        <translation>소문자로</translation>
    </message>
    <message>
        <location line="+1" />
        <source>yes</source>
        <translation>예</translation>
    </message>
    <message>
        <location line="+0" />
        <source>no</source>
        <translation>아니요</translation>
    </message>
    <message>
        <location line="+17" />
        <source>A literal string, or an Oniguruma regular expression</source>
        <translation>문자열 그대로, 또는 Oniguruma 정규 표현식</translation>
    </message>
</context>
<context>
    <name>BuilderPane</name>
    <message>
        <location filename="../panes/builder_pane.py" line="+103" />
        <source>Course: BERT-style WordPiece</source>
        <extracomment>Text previewed while the session has none. Where the pipeline is kept between sessions (JSON of ``PipelineSpec.to_dict()``). The starting point that pipeline was loaded from (a key of ``builder.STARTING_POINTS``). Milliseconds between the last edit and the preview. The four presets "Train all four" trains: (algorithm, WordPiece scoring). Rows a preview table's column widths are measured on (the previews have up to 1,000). ``builder.STARTING_POINTS``' keys in the words shown (the library's keys stay English).</extracomment>
        <translation>강좌: BERT 방식 WordPiece</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Course: GPT-2-style byte-level BPE</source>
        <translation>강좌: GPT-2 방식 바이트 수준 BPE</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Course: XLNet-style Unigram</source>
        <translation>강좌: XLNet 방식 Unigram</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Preset: byte-level BPE (GPT-2)</source>
        <translation>프리셋: 바이트 수준 BPE (GPT-2)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Preset: BPE with &lt;/w&gt; (Sennrich)</source>
        <translation>프리셋: &lt;/w&gt;를 쓰는 BPE (Sennrich)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Preset: WordPiece (BERT)</source>
        <translation>프리셋: WordPiece (BERT)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Preset: Unigram (SentencePiece)</source>
        <translation>프리셋: Unigram (SentencePiece)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Preset: parity-aware BPE (per language)</source>
        <translation>프리셋: 패리티 인식 BPE (언어별)</translation>
    </message>
    <message>
        <location line="+81" />
        <source>Fill every block from a starting point: the HF course's three block-by-block builds, or one of the four presets. The vocabulary size is kept</source>
        <translation>시작점에서 모든 블록을 채웁니다: HF 강좌의 블록별 구성 세 가지, 또는 프리셋 네 가지 중 하나. 어휘 크기는 그대로 둡니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Use</source>
        <translation>사용</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Train this pipeline</source>
        <translation>이 파이프라인 학습</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Train on the loaded corpus; progress and curve show in the Training pane</source>
        <translation>불러온 말뭉치로 학습합니다. 진행 상황과 곡선은 학습 창에 나옵니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save tokenizer.json…</source>
        <translation>tokenizer.json 저장…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save the tokenizer this pipeline last trained</source>
        <translation>이 파이프라인이 마지막으로 학습한 토크나이저를 저장합니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Train all four at</source>
        <translation>네 가지 모두 학습, 크기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Train the four presets at this size one after another, then compare them</source>
        <translation>이 크기로 프리셋 네 가지를 차례로 학습한 뒤 비교합니다</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Special tokens, separated by spaces</source>
        <translation>공백으로 구분한 특수 토큰</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+7" />
        <source>no limit</source>
        <translation>제한 없음</translation>
    </message>
    <message>
        <location line="-5" />
        <location line="+110" />
        <source>Characters always in the alphabet, even unseen</source>
        <translation>처음 보더라도 늘 알파벳에 넣을 문자</translation>
    </message>
    <message>
        <location line="-108" />
        <source>+ 256 bytes</source>
        <translation>+ 256바이트</translation>
    </message>
    <message>
        <location line="+10" />
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Model</source>
        <extracomment>option name -&gt; the field widget of its row (rows shown for the model's options)</extracomment>
        <translation>모델</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Vocabulary size</source>
        <translation>어휘 크기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Min frequency</source>
        <translation>최소 빈도</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Special tokens</source>
        <translation>특수 토큰</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Unknown token</source>
        <translation>UNK 토큰</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Continuing-subword prefix</source>
        <translation>이어지는 서브워드 접두사</translation>
    </message>
    <message>
        <location line="+2" />
        <source>End-of-word suffix</source>
        <translation>단어 끝 접미사</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Scoring</source>
        <translation>점수 방식</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Start from the 256 byte-level symbols (GPT-2's alphabet), as the byte-level preset does: no character is then unknown</source>
        <translation>바이트 수준 프리셋처럼 256개 바이트 수준 기호(GPT-2의 알파벳)에서 시작합니다: 그러면 UNK 문자가 없습니다</translation>
    </message>
    <message>
        <location line="+35" />
        <source>BPE merges pairs, WordPiece merges by score, Unigram prunes a big seed vocabulary. Changing it keeps the size and special tokens</source>
        <translation>BPE는 쌍을 병합하고, WordPiece는 점수로 병합하며, Unigram은 큰 초기 어휘를 가지치기합니다. 바꿔도 크기와 특수 토큰은 그대로입니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Size to reach, special tokens included</source>
        <translation>도달할 크기 (특수 토큰 포함)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A pair is merged only if it occurs at least this often</source>
        <translation>쌍이 적어도 이만큼 나올 때만 병합합니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Special tokens, separated by spaces; they get the first ids and are never split</source>
        <translation>공백으로 구분한 특수 토큰. 맨 앞 id를 받으며 절대 나뉘지 않습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The token for pieces the vocabulary cannot spell; empty: none</source>
        <translation>어휘로 적을 수 없는 조각에 쓰는 토큰. 비우면 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Keep at most this many initial characters (the most frequent)</source>
        <translation>초기 문자를 최대 이만큼만 남깁니다 (가장 잦은 것부터)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>No merge makes a token longer than this</source>
        <translation>어떤 병합도 토큰을 이보다 길게 만들지 않습니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Prefix of every piece inside a word (##)</source>
        <translation>단어 안쪽 조각마다 붙는 접두사 (##)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Suffix of the last piece of a word (&lt;/w&gt;)</source>
        <translation>단어 마지막 조각의 접미사 (&lt;/w&gt;)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>frequency: HF's WordPieceTrainer; likelihood: the WordPiece criterion (count of the pair over the counts of its parts)</source>
        <translation>frequency: HF의 WordPieceTrainer, likelihood: WordPiece 기준 (쌍의 횟수를 두 부분의 횟수로 나눈 값)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Unknown characters become &lt;0xNN&gt; byte tokens</source>
        <translation>UNK 문자는 &lt;0xNN&gt; 바이트 토큰이 됩니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>BPE-dropout: each merge is skipped with this probability when encoding (none: deterministic)</source>
        <translation>BPE 드롭아웃: 인코딩할 때 각 병합을 이 확률로 건너뜁니다 (없음: 결정적)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Longer words become the unknown token</source>
        <translation>이보다 긴 단어는 UNK 토큰이 됩니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Fraction of the pieces each pruning round keeps</source>
        <translation>가지치기 라운드마다 남기는 조각의 비율</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Longest piece, in characters</source>
        <translation>가장 긴 조각 (문자 수)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>EM iterations between two pruning rounds</source>
        <translation>두 가지치기 라운드 사이의 EM 반복 횟수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A folder of one file per language (named by its code; parallel dev texts in its 'dev' subfolder): the BPE trainer is then parity-aware BPE and trains on these files, not on the loaded corpus. Empty: plain BPE</source>
        <translation>언어마다 파일 하나가 든 폴더(파일 이름은 언어 코드, 병렬 개발 텍스트는 dev/ 하위 폴더): 이때 BPE 트레이너는 패리티 인식 BPE가 되어 불러온 말뭉치가 아니라 이 파일들로 학습합니다. 비우면 일반 BPE</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Block</source>
        <translation>블록</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Normalized text</source>
        <translation>정규화된 텍스트</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Char</source>
        <translation>문자</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Original span</source>
        <translation>원문 범위</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+12" />
        <source>Original text</source>
        <translation>원문 텍스트</translation>
    </message>
    <message>
        <location line="-4" />
        <source>Pre-token</source>
        <translation>사전 토큰</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Normalized</source>
        <translation>정규화됨</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Original</source>
        <translation>원문</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Starting point</source>
        <translation>시작점</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Normalizers (in order)</source>
        <translation>정규화기 (순서대로)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pre-tokenizers (in order)</source>
        <translation>사전 토크나이저 (순서대로)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Model and trainer</source>
        <translation>모델과 트레이너</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Post-processor</source>
        <translation>후처리기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Decoder</source>
        <translation>디코더</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Post-processor and decoder</source>
        <translation>후처리기와 디코더</translation>
    </message>
    <message>
        <location line="+25" />
        <source>&lt;b&gt;Normalizers&lt;/b&gt;: the text after each block</source>
        <translation>&lt;b&gt;정규화기&lt;/b&gt;: 블록마다 거친 뒤의 텍스트</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Alignments of the selected stage: each character's span in the original text</source>
        <translation>선택한 단계의 정렬: 문자마다 원문에서의 범위</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&lt;b&gt;Pre-tokens&lt;/b&gt; after</source>
        <translation>&lt;b&gt;사전 토큰&lt;/b&gt;, 기준 단계</translation>
    </message>
    <message>
        <location line="+353" />
        <source>Previewing the first {0:,} characters of {1:,}</source>
        <translation>{1:,}자 중 처음 {0:,}자를 미리 보는 중</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Previewing the current text ({0:,} characters)</source>
        <translation>현재 텍스트를 미리 보는 중 ({0:,}자)</translation>
    </message>
    <message>
        <location line="-19" />
        <source>(no normalizer)</source>
        <translation>(정규화기 없음)</translation>
    </message>
    <message>
        <location line="+79" />
        <location line="+89" />
        <source>Cannot train</source>
        <translation>학습할 수 없습니다</translation>
    </message>
    <message>
        <location line="-82" />
        <source>Training {0}… (progress in the Training pane)</source>
        <translation>{0} 학습 중… (진행 상황은 학습 창에)</translation>
    </message>
    <message>
        <location line="+14" />
        <source>No corpus</source>
        <translation>말뭉치 없음</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Open a corpus first.</source>
        <translation>먼저 말뭉치를 여세요.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Training</source>
        <translation>학습</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A training is running; wait for it or cancel it.</source>
        <translation>학습이 진행 중입니다. 끝날 때까지 기다리거나 취소하세요.</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Training {0} at {1:,} ({2} of 4)…</source>
        <translation>{0} 학습 중, 크기 {1:,} (4개 중 {2}번째)…</translation>
    </message>
    <message>
        <location line="+16" />
        <location line="+28" />
        <source>Trained {0}</source>
        <translation>{0} 학습 완료</translation>
    </message>
    <message>
        <location line="-10" />
        <source>Train all four cancelled after {0} of 4</source>
        <translation>네 가지 학습을 4개 중 {0}개 뒤에 취소했습니다</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Not trained: {0}</source>
        <translation>학습하지 못함: {0}</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Save tokenizer.json</source>
        <translation>tokenizer.json 저장</translation>
    </message>
    <message>
        <location line="+1" />
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Nothing to save</source>
        <translation>저장할 것이 없습니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Train the pipeline first.</source>
        <translation>먼저 파이프라인을 학습하세요.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Cannot save</source>
        <translation>저장할 수 없습니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Saved {0} to {1}</source>
        <translation>{0}을(를) {1}에 저장했습니다</translation>
    </message>
</context>
<context>
    <name>Columns</name>
    <message>
        <location filename="../item_models/analysis_columns.py" line="+86" />
        <location line="+91" />
        <location filename="../panes/languages_pane.py" line="+81" />
        <source>tokenizer</source>
        <extracomment>Records: ``{"name": str, "text": Metrics, "corpus": Metrics | None, "profile": CorpusProfile | None}``.
----------
Records: ``oov.HeldoutRow``.</extracomment>
        <translation>토크나이저</translation>
    </message>
    <message>
        <location line="-88" />
        <location filename="../panes/languages_pane.py" line="+5" />
        <location filename="../panes/windows_pane.py" line="+79" />
        <location filename="../widgets/alignment_view.py" line="+63" />
        <source>tokens</source>
        <translation>토큰 수</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../panes/languages_pane.py" line="+7" />
        <source>chars/token</source>
        <translation>문자/토큰</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../panes/languages_pane.py" line="+2" />
        <source>tokens/word</source>
        <translation>토큰/단어</translation>
    </message>
    <message>
        <location line="+2" />
        <source>unknown</source>
        <translation>UNK 비율</translation>
    </message>
    <message>
        <location line="+3" />
        <source>corpus tokens</source>
        <translation>말뭉치 토큰 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>corpus chars/token</source>
        <translation>말뭉치 문자/토큰</translation>
    </message>
    <message>
        <location line="+2" />
        <source>corpus tokens/word</source>
        <translation>말뭉치 토큰/단어</translation>
    </message>
    <message>
        <location line="+3" />
        <source>corpus unknown</source>
        <translation>말뭉치 UNK 비율</translation>
    </message>
    <message>
        <location line="+1" />
        <source>corpus tokens/doc</source>
        <translation>말뭉치 토큰/문서</translation>
    </message>
    <message>
        <location line="+3" />
        <source>corpus cuts shared</source>
        <translation>말뭉치 공통 경계</translation>
    </message>
    <message>
        <location line="+7" />
        <source>The compared tokenizer</source>
        <extracomment>What each metric column means (header tooltips).</extracomment>
        <translation>비교 대상 토크나이저</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens for the text (special tokens included)</source>
        <translation>텍스트의 토큰 수 (특수 토큰 포함)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Characters of the text per token: higher means fewer, longer tokens</source>
        <translation>토큰당 텍스트 문자 수: 높을수록 토큰이 적고 깁니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Tokens per whitespace-separated word (fertility): 1.00 = one token a word</source>
        <translation>공백으로 나뉜 단어당 토큰 수 (분절 정도): 1.00 = 단어당 토큰 하나</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Share of tokens that are the unknown token</source>
        <translation>UNK 토큰(알 수 없는 토큰)의 비율</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens for the corpus (its beginning, for a big corpus)</source>
        <translation>말뭉치의 토큰 수 (큰 말뭉치는 앞부분만)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Characters per token on the corpus</source>
        <translation>말뭉치에서의 토큰당 문자 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens per word on the corpus</source>
        <translation>말뭉치에서의 단어당 토큰 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share of unknown tokens on the corpus</source>
        <translation>말뭉치에서 UNK 토큰의 비율</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens per corpus document: fewer means a model sees more text in its context window</source>
        <translation>말뭉치 문서당 토큰 수: 적을수록 모델이 컨텍스트 창 안에서 더 많은 텍스트를 봅니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Token boundaries on the corpus shared with the first tokenizer compared (Jaccard of their cuts): 100% = the corpus is cut the same way; a retrained tokenizer next to its original shows how much retraining moved</source>
        <translation>첫 번째 비교 토크나이저와 공유하는 말뭉치의 토큰 경계 비율(경계의 Jaccard): 100% = 말뭉치를 똑같이 자름. 재학습한 토크나이저를 원본 옆에 두면 재학습으로 얼마나 달라졌는지 보입니다</translation>
    </message>
    <message>
        <location line="+9" />
        <source>pair</source>
        <extracomment>Records: ``compare.Overlap``.</extracomment>
        <translation>쌍</translation>
    </message>
    <message>
        <location line="+1" />
        <source>sizes</source>
        <translation>크기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>shared</source>
        <translation>공통</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <location line="+2" />
        <source>surface shared</source>
        <translation>표면형 공통</translation>
    </message>
    <message>
        <location line="+4" />
        <source>markers (Ġ ▁ ## &lt;/w&gt;) removed, byte symbols decoded</source>
        <translation>표지(Ġ ▁ ## &lt;/w&gt;)를 떼고 바이트 기호를 디코딩함</translation>
    </message>
    <message>
        <location line="+3" />
        <source>surface Jaccard</source>
        <translation>표면형 Jaccard</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Two compared tokenizers</source>
        <translation>비교한 두 토크나이저</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Vocabulary sizes of the two</source>
        <translation>두 토크나이저의 어휘 크기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Vocabulary entries spelled identically in both</source>
        <translation>양쪽에 똑같은 철자로 있는 어휘 항목</translation>
    </message>
    <message>
        <location line="+1" />
        <source>shared / entries in either (1.00 = the same vocabulary)</source>
        <translation>공통 항목 / 어느 한쪽에라도 있는 항목 (1.00 = 같은 어휘)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Entries equal once markers (Ġ ▁ ## &lt;/w&gt;) are removed and bytes decoded</source>
        <translation>표지(Ġ ▁ ## &lt;/w&gt;)를 떼고 바이트를 디코딩하면 같아지는 항목</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Jaccard index of the surface forms</source>
        <translation>표면형의 Jaccard 지수</translation>
    </message>
    <message>
        <location line="+6" />
        <location filename="../item_models/merges_model.py" line="+264" />
        <source>vocab size</source>
        <translation>어휘 크기</translation>
    </message>
    <message>
        <location line="+4" />
        <source>retrained</source>
        <translation>재학습</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../item_models/tokens_model.py" line="+67" />
        <location filename="../panes/encoding_pane.py" line="+76" />
        <source>yes</source>
        <translation>예</translation>
    </message>
    <message>
        <location line="+3" />
        <source>no</source>
        <translation>아니요</translation>
    </message>
    <message>
        <location line="+1" />
        <source>held-out words</source>
        <translation>홀드아웃 단어</translation>
    </message>
    <message>
        <location line="+4" />
        <source>unknown tokens</source>
        <translation>UNK 토큰</translation>
    </message>
    <message>
        <location line="+3" />
        <source>words with an unknown</source>
        <translation>UNK 포함 단어</translation>
    </message>
    <message>
        <location line="+12" />
        <source>error</source>
        <translation>오류</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The tokenizer (retrained on the first 90% when asked and possible)</source>
        <translation>토크나이저 (요청했고 가능하면 앞쪽 90%로 재학습)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Vocabulary entries; the word vocabulary it is compared with has as many</source>
        <translation>어휘 항목 수. 비교하는 단어 어휘도 같은 수의 항목을 가집니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>yes: trained again on the first 90% of the documents, so the held-out 10% are really unseen</source>
        <translation>예: 문서의 앞쪽 90%로 다시 학습했으므로 홀드아웃 10%는 정말로 처음 보는 텍스트입니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Words in the held-out 10% of the documents</source>
        <translation>홀드아웃한 문서 10%의 단어 수</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Share of the held-out tokens that are the unknown token</source>
        <translation>홀드아웃 토큰 가운데 UNK 토큰의 비율</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Share of held-out words with at least one unknown token</source>
        <translation>UNK 토큰이 하나 이상 있는 홀드아웃 단어의 비율</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Why this tokenizer could not be measured</source>
        <translation>이 토크나이저를 측정할 수 없었던 이유</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Character offset in the text where the tokenizers disagree</source>
        <translation>토크나이저들이 서로 다르게 자르는 텍스트의 문자 오프셋</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The text around that offset; | marks the position</source>
        <translation>그 오프셋 주변의 텍스트. |가 위치를 표시합니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>cut: {title} starts a token here; —: it does not</source>
        <translation>자름: {title}이(가) 여기서 토큰을 시작함, —: 시작하지 않음</translation>
    </message>
    <message>
        <location line="+7" />
        <source>position</source>
        <translation>위치</translation>
    </message>
    <message>
        <location line="+3" />
        <source>context</source>
        <translation>문맥</translation>
    </message>
    <message>
        <location line="+3" />
        <source>cut</source>
        <translation>자름</translation>
    </message>
    <message>
        <location filename="../item_models/merges_model.py" line="-242" />
        <source>counts are known only for tokenizers trained here (a file stores merges, not counts)</source>
        <translation>횟수는 여기서 학습한 토크나이저만 알 수 있습니다 (파일에는 병합만 저장되고 횟수는 없습니다)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Merge number: lower ranks were learned first and are applied first</source>
        <translation>병합 번호: 순위가 낮을수록 먼저 학습되었고 먼저 적용됩니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Left part of the merged pair (␣ = space, ⟨C3⟩ = a byte that is not a whole character)</source>
        <translation>병합한 쌍의 왼쪽 (␣ = 공백, ⟨C3⟩ = 온전한 문자가 아닌 바이트)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Right part of the merged pair</source>
        <translation>병합한 쌍의 오른쪽</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The new token the merge creates</source>
        <translation>병합으로 새로 생기는 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How often the pair occurred in the training corpus when it was merged</source>
        <translation>병합될 때 그 쌍이 학습 말뭉치에 나타난 횟수</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Distinct corpus words in which the pair was replaced by this merge</source>
        <translation>이 병합으로 쌍이 바뀐 말뭉치의 서로 다른 단어 수</translation>
    </message>
    <message>
        <location line="+3" />
        <source>WordPiece likelihood score: count / (left count × right count); empty for BPE, whose score is the count</source>
        <translation>WordPiece 우도 점수: 횟수 / (왼쪽 횟수 × 오른쪽 횟수). BPE는 횟수가 곧 점수이므로 비어 있습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>tie: the runner-up pair scored the same, so the tie-break rule (deterministic order) chose this merge</source>
        <translation>동점: 차점 쌍의 점수가 같아서 동점 처리 규칙(결정적 순서)이 이 병합을 골랐습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The best other pair at that moment, with its count: the merge that would have been chosen next</source>
        <translation>그 시점의 다음으로 좋은 쌍과 그 횟수: 다음에 선택되었을 병합</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Parity-aware BPE: the language this merge was chosen for, the one whose text was longest at that step (its count is the pair's count in that language); 'global': a merge counted over all languages together</source>
        <translation>패리티 인식 BPE: 이 병합이 선택된 언어, 즉 그 단계에서 텍스트가 가장 길었던 언어입니다(횟수는 그 언어에서 쌍이 나온 횟수). '전체': 모든 언어를 합쳐 센 병합</translation>
    </message>
    <message>
        <location line="+9" />
        <source>EM round of the Unigram trainer</source>
        <extracomment>Where the language column goes (after "result") when a history has languages.</extracomment>
        <translation>Unigram 트레이너의 EM 라운드</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pieces left after this round's pruning</source>
        <translation>이 라운드에서 가지치기한 뒤 남은 조각 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Negative log-likelihood of the corpus under the model (lower is better)</source>
        <translation>모델에서 본 말뭉치의 음의 로그 우도 (낮을수록 좋음)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Pieces pruned in this round</source>
        <translation>이 라운드에서 가지치기한 조각 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The pruned pieces; the tooltip gives how much each would have increased the loss</source>
        <translation>가지치기한 조각. 툴팁에 각 조각이 손실을 얼마나 늘렸을지 나옵니다</translation>
    </message>
    <message>
        <location line="+17" />
        <source>global</source>
        <translation>전체</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Tokens per language before this merge: {lengths}</source>
        <translation>이 병합 전 언어별 토큰 수: {lengths}</translation>
    </message>
    <message>
        <location line="+62" />
        <location line="+29" />
        <source>tie</source>
        <translation>동점</translation>
    </message>
    <message>
        <location line="-23" />
        <location filename="../panes/languages_pane.py" line="+19" />
        <source>rank</source>
        <translation>순위</translation>
    </message>
    <message>
        <location line="+4" />
        <source>left</source>
        <translation>왼쪽</translation>
    </message>
    <message>
        <location line="+3" />
        <source>right</source>
        <translation>오른쪽</translation>
    </message>
    <message>
        <location line="+3" />
        <location filename="../widgets/trace_view.py" line="+61" />
        <source>result</source>
        <translation>결과</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../item_models/word_counts_model.py" line="+65" />
        <location filename="../widgets/audit_panel.py" line="-159" />
        <location filename="../widgets/surgery_dialog.py" line="+35" />
        <location filename="../widgets/token_info_view.py" line="+29" />
        <source>count</source>
        <translation>횟수</translation>
    </message>
    <message>
        <location line="+3" />
        <source>words</source>
        <translation>단어 수</translation>
    </message>
    <message>
        <location line="+4" />
        <location filename="../item_models/vocab_model.py" line="+81" />
        <location filename="../panes/groupings_pane/model_page.py" line="+46" />
        <location line="+13" />
        <location filename="../panes/groupings_pane/pane.py" line="+78" />
        <source>score</source>
        <translation>점수</translation>
    </message>
    <message>
        <location line="+7" />
        <source>runner-up</source>
        <translation>차점 쌍</translation>
    </message>
    <message>
        <location line="+75" />
        <source>round</source>
        <translation>라운드</translation>
    </message>
    <message>
        <location line="+7" />
        <source>loss</source>
        <translation>손실</translation>
    </message>
    <message>
        <location line="+4" />
        <source>removed</source>
        <translation>제거</translation>
    </message>
    <message>
        <location line="+4" />
        <source>pieces removed (loss increase)</source>
        <translation>제거한 조각 (손실 증가량)</translation>
    </message>
    <message>
        <location filename="../item_models/tokens_model.py" line="-29" />
        <source>raw: {raw}
shown: {shown}</source>
        <translation>원형: {raw}
표시: {shown}</translation>
    </message>
    <message>
        <location line="+5" />
        <location filename="../widgets/alignment_view.py" line="-37" />
        <source>position of the token in the encoding</source>
        <translation>인코딩에서 토큰의 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the token, readable (␣ = space, ⟨C3⟩ = a byte that is part of a character); hover for the raw string</source>
        <translation>읽기 쉽게 표시한 토큰 (␣ = 공백, ⟨C3⟩ = 문자의 일부인 바이트). 마우스를 올리면 원형 문자열이 보입니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>the token's id in the vocabulary</source>
        <translation>어휘에서 토큰의 id</translation>
    </message>
    <message>
        <location line="+1" />
        <source>first character of the token in the original text</source>
        <translation>원문에서 토큰의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>end (exclusive) of the token in the original text</source>
        <translation>원문에서 토큰의 끝 위치 (미포함)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the original characters the token covers</source>
        <translation>토큰이 덮는 원문 문자</translation>
    </message>
    <message>
        <location line="+1" />
        <source>index of the word (pre-token) the token belongs to; empty for special tokens</source>
        <translation>토큰이 속한 단어(사전 토큰)의 번호. 특수 토큰은 비어 있습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>yes: a special token added by the tokenizer ([CLS], [SEP], padding), not from the text</source>
        <translation>예: 텍스트가 아니라 토크나이저가 덧붙인 특수 토큰 ([CLS], [SEP], 패딩)</translation>
    </message>
    <message>
        <location line="+5" />
        <location filename="../panes/decode_pane.py" line="+33" />
        <location filename="../panes/encoding_pane.py" line="-12" />
        <location filename="../panes/groupings_pane/gold_page.py" line="+58" />
        <location filename="../panes/groupings_pane/model_page.py" line="-5" />
        <location filename="../panes/windows_pane.py" line="-5" />
        <location filename="../widgets/alignment_view.py" line="-1" />
        <location filename="../widgets/trace_view.py" line="-4" />
        <source>#</source>
        <extracomment>Characters of the normalized text shown (the pre-tokens table lists every piece). Lines of the normalized text longer than this are cut (at a ␣ marker) into several.</extracomment>
        <translation>#</translation>
    </message>
    <message>
        <location line="+1" />
        <location filename="../item_models/vocab_model.py" line="-43" />
        <location filename="../panes/decode_pane.py" line="+4" />
        <location filename="../panes/groupings_pane/gold_page.py" line="+1" />
        <location filename="../panes/groupings_pane/model_page.py" line="+1" />
        <location filename="../panes/languages_pane.py" line="+2" />
        <location filename="../widgets/alignment_view.py" line="+3" />
        <location filename="../widgets/audit_panel.py" line="-5" />
        <source>token</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <location filename="../item_models/vocab_model.py" line="-1" />
        <location filename="../panes/decode_pane.py" line="-3" />
        <location filename="../widgets/audit_panel.py" line="-1" />
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location line="+1" />
        <location filename="../panes/encoding_pane.py" line="+4" />
        <location filename="../panes/groupings_pane/gold_page.py" line="+3" />
        <location line="+37" />
        <location filename="../panes/groupings_pane/model_page.py" line="-11" />
        <location line="+12" />
        <location filename="../panes/groupings_pane/pane.py" line="-2" />
        <location filename="../widgets/alignment_view.py" line="+5" />
        <source>start</source>
        <translation>시작</translation>
    </message>
    <message>
        <location line="+1" />
        <location filename="../panes/encoding_pane.py" line="+1" />
        <location filename="../panes/groupings_pane/gold_page.py" line="-36" />
        <location line="+37" />
        <location filename="../panes/groupings_pane/model_page.py" line="-11" />
        <location line="+12" />
        <location filename="../panes/groupings_pane/pane.py" line="+1" />
        <location filename="../widgets/alignment_view.py" line="+3" />
        <source>end</source>
        <translation>끝</translation>
    </message>
    <message>
        <location line="+1" />
        <location filename="../panes/groupings_pane/gold_page.py" line="-40" />
        <source>text</source>
        <translation>텍스트</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../item_models/word_counts_model.py" line="+0" />
        <location filename="../panes/groupings_pane/gold_page.py" line="+4" />
        <location filename="../panes/groupings_pane/model_page.py" line="-14" />
        <location filename="../panes/groupings_pane/pane.py" line="-2" />
        <location filename="../widgets/alignment_view.py" line="+3" />
        <location filename="../widgets/surgery_dialog.py" line="-1" />
        <location filename="../widgets/token_info_view.py" line="-1" />
        <source>word</source>
        <translation>단어</translation>
    </message>
    <message>
        <location line="+1" />
        <location filename="../item_models/vocab_model.py" line="+45" />
        <source>special</source>
        <translation>특수</translation>
    </message>
    <message>
        <location filename="../item_models/vocab_model.py" line="-43" />
        <location filename="../panes/decode_pane.py" line="+8" />
        <source>raw</source>
        <translation>원형</translation>
    </message>
    <message>
        <location line="+1" />
        <source>rank / score</source>
        <translation>순위 / 점수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <location line="+1" />
        <source>chars</source>
        <translation>문자 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>bytes</source>
        <translation>바이트 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>frequency</source>
        <translation>빈도</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The token id: the number a model sees (search it with #123 or a plain number)</source>
        <translation>토큰 id: 모델이 보는 번호 (#123 또는 숫자만 입력해 검색)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The token as people read it: ␣ is a space, ↵ a newline, ⟨C3⟩ one byte of a character split across tokens</source>
        <translation>사람이 읽는 형태의 토큰: ␣는 공백, ↵는 줄바꿈, ⟨C3⟩는 여러 토큰에 걸친 문자의 바이트 하나</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The vocabulary entry exactly as stored in tokenizer.json (Ġ = byte-level space, ▁ = SentencePiece space, ## = continues a word)</source>
        <translation>tokenizer.json에 저장된 그대로의 어휘 항목 (Ġ = 바이트 수준 공백, ▁ = SentencePiece 공백, ## = 단어가 이어짐)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>BPE: the rank of the merge that builds this token (0 = the first, most frequent pair; empty for base symbols and tokens no merge builds). Unigram: the piece's log-probability score (higher = more likely)</source>
        <translation>BPE: 이 토큰을 만드는 병합의 순위 (0 = 첫 번째이자 가장 빈번한 쌍. 기본 기호와 어떤 병합으로도 만들어지지 않는 토큰은 비어 있음). Unigram: 조각의 로그 확률 점수 (높을수록 가능성이 큼)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>special: a special added token such as [CLS] or &lt;|endoftext|&gt;; added: a token added to the vocabulary, matched before the model runs</source>
        <translation>특수: [CLS], &lt;|endoftext|&gt; 같은 특수 추가 토큰. 추가: 어휘에 추가되어 모델보다 먼저 매칭되는 토큰</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Length in characters of the text the token stands for (a lone byte counts as one; prefixes such as ## and ▁ included)</source>
        <translation>토큰이 나타내는 텍스트의 문자 수 (홀로 있는 바이트는 1로 셈. ##, ▁ 같은 접두사 포함)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Length in bytes: the decoded bytes for byte-level tokens (⟨C3⟩ is one byte, &lt;0xC3&gt; too), otherwise the UTF-8 bytes of the raw string (▁ is 3 bytes)</source>
        <translation>바이트 길이: 바이트 수준 토큰은 디코딩한 바이트 (⟨C3⟩와 &lt;0xC3&gt;은 1바이트), 그 밖에는 원형 문자열의 UTF-8 바이트 (▁는 3바이트)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>How often the token occurs when every word of the loaded corpus is encoded, weighted by the word's count (— until a corpus is loaded and counted)</source>
        <translation>불러온 말뭉치의 모든 단어를 인코딩했을 때 토큰이 나타나는 횟수, 단어 빈도로 가중 (말뭉치를 불러와 세기 전까지는 —)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>merge rank</source>
        <extracomment>Words of the core's vocabulary table shown in headers and cells (translated when shown).</extracomment>
        <translation>병합 순위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>added</source>
        <translation>추가</translation>
    </message>
    <message>
        <location line="+163" />
        <source>{shown}  —  raw {raw}</source>
        <translation>{shown}  —  원형 {raw}</translation>
    </message>
    <message>
        <location line="+5" />
        <source>load a corpus to see frequencies</source>
        <translation>빈도를 보려면 말뭉치를 불러오세요</translation>
    </message>
    <message>
        <location filename="../item_models/word_counts_model.py" line="+1" />
        <source>share %</source>
        <translation>비율 %</translation>
    </message>
    <message>
        <location filename="../panes/decode_pane.py" line="-3" />
        <source>raw {raw}</source>
        <translation>원형 {raw}</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Position in the pasted list (ids not in the vocabulary are left out)</source>
        <translation>붙여 넣은 목록에서의 위치 (어휘에 없는 id는 빠짐)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The token id</source>
        <translation>토큰 id</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The token as people read it: ␣ is a space, ⟨C3⟩ one byte</source>
        <translation>사람이 읽는 형태의 토큰: ␣는 공백, ⟨C3⟩는 바이트 하나</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The vocabulary entry exactly as stored in tokenizer.json</source>
        <translation>tokenizer.json에 저장된 그대로의 어휘 항목</translation>
    </message>
    <message>
        <location filename="../panes/encoding_pane.py" line="-4" />
        <source>pre-token</source>
        <translation>사전 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>as the model sees it: {text}</source>
        <translation>모델이 보는 형태: {text}</translation>
    </message>
    <message>
        <location line="+4" />
        <location filename="../widgets/alignment_view.py" line="+17" />
        <source>original</source>
        <translation>원문</translation>
    </message>
    <message>
        <location line="+4" />
        <source>added token</source>
        <translation>추가 토큰</translation>
    </message>
    <message>
        <location line="+8" />
        <source>position of the piece in the pre-tokenized text</source>
        <translation>사전 토큰화한 텍스트에서 조각의 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the piece after normalization and pre-tokenization (␣ = space, ⟨C3⟩ = a byte)</source>
        <translation>정규화와 사전 토큰화를 거친 조각 (␣ = 공백, ⟨C3⟩ = 바이트)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>first character of the piece in the original text</source>
        <translation>원문에서 조각의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>end (exclusive) of the piece in the original text</source>
        <translation>원문에서 조각의 끝 위치 (미포함)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the original characters the piece comes from</source>
        <translation>조각이 나온 원문 문자</translation>
    </message>
    <message>
        <location line="+1" />
        <source>yes: an added or special token matched in the text, passed to the model whole</source>
        <translation>예: 텍스트에서 매칭되어 통째로 모델에 넘겨지는 추가 토큰 또는 특수 토큰</translation>
    </message>
    <message>
        <location filename="../panes/windows_pane.py" line="+1" />
        <source>Window number: 0 is the encoding itself, k is overflowing[k-1] (input_ids[k] in transformers)</source>
        <translation>윈도우 번호: 0은 인코딩 자체, k는 overflowing[k-1] (transformers의 input_ids[k])</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Tokens of the window, special tokens and question included</source>
        <translation>윈도우의 토큰 수 (특수 토큰과 질문 포함)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>context tokens</source>
        <translation>문맥 토큰</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Which tokens of the whole context the window holds (start–end)</source>
        <translation>윈도우가 담은 전체 문맥의 토큰 범위 (시작–끝)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>context chars</source>
        <translation>문맥 문자</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The context characters the window covers, from its offsets</source>
        <translation>윈도우가 오프셋으로 덮는 문맥 문자 범위</translation>
    </message>
    <message>
        <location line="+3" />
        <source>overlap tokens</source>
        <translation>겹친 토큰</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Context tokens shared with the previous window</source>
        <translation>이전 윈도우와 겹치는 문맥 토큰 수</translation>
    </message>
    <message>
        <location line="+3" />
        <source>overlap chars</source>
        <translation>겹친 문자</translation>
    </message>
    <message>
        <location line="+4" />
        <source>characters {span}</source>
        <translation>문자 {span}</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Context characters shared with the previous window</source>
        <translation>이전 윈도우와 겹치는 문맥 문자 수</translation>
    </message>
    <message>
        <location filename="../widgets/token_info_view.py" line="-3" />
        <source>A corpus word whose encoding contains the token</source>
        <extracomment>Corpus words listed for the selected token.</extracomment>
        <translation>인코딩에 이 토큰이 들어 있는 말뭉치 단어</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How often the word occurs in the corpus</source>
        <translation>말뭉치에서 단어가 나타나는 횟수</translation>
    </message>
    <message>
        <location filename="../panes/groupings_pane/model_page.py" line="-1" />
        <location filename="../panes/groupings_pane/pane.py" line="-1" />
        <source>entity_group</source>
        <extracomment>The wait after the last keystroke before the model runs again on the text.</extracomment>
        <translation>개체 그룹</translation>
    </message>
    <message>
        <location filename="../panes/groupings_pane/pane.py" line="+11" />
        <source>The label of the group, as a token-classification pipeline reports it: here HIGH or LOW (per-token score ≥ 0.5 or not)</source>
        <translation>토큰 분류 파이프라인이 보고하는 그룹의 레이블: 여기서는 HIGH 또는 LOW (토큰별 점수가 0.5 이상인지 여부)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The text the group covers</source>
        <translation>그룹이 덮는 텍스트</translation>
    </message>
    <message>
        <location line="+1" />
        <source>First character of the group in the text</source>
        <translation>텍스트에서 그룹의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Character after the group</source>
        <translation>그룹 바로 뒤 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The group's score, combined from its tokens by the chosen strategy</source>
        <translation>고른 전략으로 그룹 토큰들의 점수를 합친 그룹 점수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Indices of the tokens in the group</source>
        <translation>그룹에 든 토큰의 번호</translation>
    </message>
    <message>
        <location filename="../panes/groupings_pane/gold_page.py" line="+1" />
        <location line="+32" />
        <location filename="../panes/groupings_pane/model_page.py" line="+16" />
        <source>label</source>
        <translation>레이블</translation>
    </message>
    <message>
        <location line="-29" />
        <source>Token index in the encoding</source>
        <translation>인코딩에서 토큰의 번호</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The token as the vocabulary spells it</source>
        <translation>어휘에 적힌 그대로의 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The characters of the text the token covers (␣ = a space it carries)</source>
        <translation>토큰이 덮는 텍스트의 문자 (␣ = 토큰에 붙은 공백)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>First character of the token in the text</source>
        <translation>텍스트에서 토큰의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Character after the token</source>
        <translation>토큰 바로 뒤 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The labelled word the token belongs to (none: a special token)</source>
        <translation>토큰이 속한 레이블 단어 (없으면 특수 토큰)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The label the token is trained on; -100 = ignored by the loss</source>
        <translation>토큰이 학습하는 레이블. -100 = 손실 계산에서 무시</translation>
    </message>
    <message>
        <location line="+22" />
        <source>entity</source>
        <translation>개체</translation>
    </message>
    <message>
        <location line="+3" />
        <source>fragmented into</source>
        <translation>나뉜 토큰</translation>
    </message>
    <message>
        <location line="+2" />
        <source>regrouped</source>
        <translation>재결합</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The gold entity type</source>
        <translation>정답 개체 유형</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The gold entity's text</source>
        <translation>정답 개체의 텍스트</translation>
    </message>
    <message>
        <location line="+1" />
        <source>First character of the entity</source>
        <translation>개체의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Character after the entity</source>
        <translation>개체 바로 뒤 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How many tokens the entity covers (more than one: split)</source>
        <translation>개체가 덮는 토큰 수 (둘 이상이면 나뉨)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Whether decoding the token labels gives this entity back: exact (after trimming whitespace, e.g. a byte-level token's leading space) or differs</source>
        <translation>토큰 레이블을 디코딩해 이 개체가 그대로 돌아오는지: 일치 (공백을 다듬은 뒤, 예: 바이트 수준 토큰의 앞 공백) 또는 다름</translation>
    </message>
    <message>
        <location filename="../panes/groupings_pane/model_page.py" line="-11" />
        <source>index</source>
        <translation>번호</translation>
    </message>
    <message>
        <location line="+13" />
        <source>sub-word</source>
        <translation>하위 단어</translation>
    </message>
    <message>
        <location filename="../widgets/alignment_view.py" line="-26" />
        <source>the token, readable (␣ = space, ⟨C3⟩ = a byte); hover for the raw string</source>
        <translation>읽기 쉬운 형태의 토큰 (␣ = 공백, ⟨C3⟩ = 바이트). 마우스를 올리면 원형 문자열</translation>
    </message>
    <message>
        <location line="+4" />
        <source>first character of the token in the sentence</source>
        <translation>문장에서 토큰의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+3" />
        <source>end (exclusive) of the token in the sentence</source>
        <translation>문장에서 토큰의 끝 위치 (미포함)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the labelled word the token belongs to</source>
        <translation>토큰이 속한 레이블 단어</translation>
    </message>
    <message>
        <location line="+2" />
        <source>word tag</source>
        <translation>단어 태그</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the IOB tag of that word</source>
        <translation>그 단어의 IOB 태그</translation>
    </message>
    <message>
        <location line="+2" />
        <source>token label</source>
        <translation>토큰 레이블</translation>
    </message>
    <message>
        <location line="+2" />
        <source>the label the token is trained with; -100 = ignored by the loss (special tokens, and word continuations when only the first token of a word is labelled)</source>
        <translation>토큰이 학습하는 레이블. -100 = 손실 계산에서 무시 (특수 토큰, 그리고 단어의 첫 토큰에만 레이블을 붙일 때 나머지 토큰)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>type</source>
        <translation>유형</translation>
    </message>
    <message>
        <location line="+1" />
        <source>entity_group: the entity type (PER, LOC…) without its B-/I- prefix</source>
        <translation>개체 그룹: B-/I- 접두사를 뗀 개체 유형 (PER, LOC…)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the entity as labelled in the words, with its character span</source>
        <translation>단어에 붙은 레이블대로의 개체와 그 문자 범위</translation>
    </message>
    <message>
        <location line="+2" />
        <source>regrouped from tokens</source>
        <translation>토큰에서 재결합</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the entity rebuilt from the token labels, as a token classifier's aggregation would (the same span if the alignment is lossless)</source>
        <translation>토큰 분류기의 집계처럼 토큰 레이블에서 다시 만든 개체 (정렬에 손실이 없으면 같은 범위)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>how many tokens the entity was split into</source>
        <translation>개체가 나뉜 토큰 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>match</source>
        <translation>일치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>✓ when regrouping gives back exactly the original entity</source>
        <translation>재결합으로 원래 개체가 정확히 돌아오면 ✓</translation>
    </message>
    <message>
        <location filename="../widgets/trace_view.py" line="+1" />
        <source>state</source>
        <translation>상태</translation>
    </message>
    <message>
        <location line="+1" />
        <source>candidates</source>
        <translation>후보</translation>
    </message>
    <message>
        <location line="+1" />
        <source>chosen</source>
        <translation>선택</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Step number</source>
        <translation>단계 번호</translation>
    </message>
    <message>
        <location line="+1" />
        <source>BPE: the symbols before this merge. WordPiece: where the match starts</source>
        <translation>BPE: 이 병합 전의 기호. WordPiece: 일치를 찾기 시작하는 위치</translation>
    </message>
    <message>
        <location line="+2" />
        <source>BPE: every adjacent pair that has a merge, with its rank. WordPiece: the entries tried, longest first</source>
        <translation>BPE: 병합이 있는 모든 인접 쌍과 그 순위. WordPiece: 긴 것부터 시도한 항목</translation>
    </message>
    <message>
        <location line="+3" />
        <source>BPE: the lowest-rank pair, merged now. WordPiece: the longest entry that matched</source>
        <translation>BPE: 지금 병합하는 순위가 가장 낮은 쌍. WordPiece: 일치한 가장 긴 항목</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The symbols after the step (or why it stopped)</source>
        <translation>단계 후의 기호 (또는 멈춘 이유)</translation>
    </message>
    <message>
        <location filename="../item_models/analysis_columns.py" line="-55" />
        <source>baseline: word-level OOV</source>
        <translation>기준선: 단어 단위 OOV</translation>
    </message>
    <message>
        <location line="+3" />
        <source>baseline, not this tokenizer: held-out words missing from a word vocabulary of {n} entries</source>
        <translation>이 토크나이저가 아닌 기준선: 항목 {n}개인 단어 어휘에 없는 홀드아웃 단어</translation>
    </message>
    <message>
        <location line="+20" />
        <source>Baseline, not a figure of the tokenizer: held-out words missing from a word vocabulary with as many entries as the tokenizer (its most frequent training words + [UNK]). Tokenizers of the same size share it; compare it with their unknown tokens</source>
        <translation>토크나이저의 수치가 아닌 기준선: 토크나이저와 같은 수의 항목을 가진 단어 어휘(가장 자주 나온 학습 단어 + [UNK])에 없는 홀드아웃 단어. 크기가 같은 토크나이저는 같은 값을 가지니, 각 토크나이저의 UNK 토큰 비율과 비교하세요</translation>
    </message>
    <message>
        <location filename="../widgets/audit_panel.py" line="+3" />
        <source>categories</source>
        <translation>범주</translation>
    </message>
    <message>
        <location line="+1" />
        <source>witness</source>
        <translation>증거</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A text whose encoding holds the token</source>
        <translation>인코딩 결과에 이 토큰이 들어 있는 텍스트</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Occurrences as a final token on the corpus</source>
        <translation>코퍼스에서 최종 토큰으로 나온 횟수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>inside</source>
        <translation>내부</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Occurrences inside later merges' products on the corpus</source>
        <translation>코퍼스에서 이후 병합 결과 안에 들어 있는 횟수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>built by</source>
        <translation>생성 병합</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The merge that builds the token</source>
        <translation>이 토큰을 만드는 병합</translation>
    </message>
    <message>
        <location line="+1" />
        <source>feeds</source>
        <translation>사용처</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Merges that use the token</source>
        <translation>이 토큰을 사용하는 병합 수</translation>
    </message>
    <message>
        <location filename="../widgets/surgery_dialog.py" line="+2" />
        <source>before</source>
        <translation>이전</translation>
    </message>
    <message>
        <location line="+1" />
        <source>after</source>
        <translation>이후</translation>
    </message>
    <message>
        <location filename="../panes/languages_pane.py" line="-34" />
        <source>The tokenizer measured</source>
        <translation>측정한 토크나이저</translation>
    </message>
    <message>
        <location filename="../item_models/merges_model.py" line="-85" />
        <location filename="../panes/languages_pane.py" line="+1" />
        <source>language</source>
        <translation>언어</translation>
    </message>
    <message>
        <location filename="../panes/languages_pane.py" line="+1" />
        <source>The language code (the file or column name)</source>
        <translation>언어 코드 (파일 이름 또는 열 이름)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Tokens of all the language's sentences</source>
        <translation>그 언어의 모든 문장의 토큰 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>premium</source>
        <translation>프리미엄</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens divided by the pivot language's tokens for the same sentences (Petrov et al. 2023)</source>
        <translation>같은 문장에 대한 기준 언어의 토큰 수로 나눈 토큰 수 (페트로프 외 2023)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>bytes/token</source>
        <translation>바이트/토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>UTF-8 bytes per token</source>
        <translation>토큰당 UTF-8 바이트</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Characters per token</source>
        <translation>토큰당 문자 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Tokens per whitespace-delimited word (high for languages written without spaces)</source>
        <translation>공백으로 나눈 단어당 토큰 수 (띄어쓰기 없이 쓰는 언어에서 높음)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>vocab used %</source>
        <translation>사용한 어휘 %</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Share of the vocabulary the language's text uses</source>
        <translation>그 언어의 텍스트가 쓰는 어휘의 비율</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Rényi</source>
        <translation>레니</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rényi efficiency of the token distribution (as tokenization-scorer computes it)</source>
        <translation>토큰 분포의 레니 효율 (tokenization-scorer와 같은 계산)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>unknown %</source>
        <translation>미등록 %</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Unknown and byte-fallback tokens per 100 tokens</source>
        <translation>토큰 100개당 미등록 토큰과 바이트 대체 토큰</translation>
    </message>
    <message>
        <location line="+8" />
        <source>The merge's rank</source>
        <translation>병합의 순위</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The token the merge builds</source>
        <translation>병합이 만드는 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>saved</source>
        <translation>절약</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokens the merge saved, all languages</source>
        <translation>병합이 모든 언어에서 줄인 토큰 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>most for</source>
        <translation>가장 큰 혜택</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The language it shortened most</source>
        <translation>병합이 가장 많이 줄인 언어</translation>
    </message>
</context>
<context>
    <name>ComparePane</name>
    <message>
        <location filename="../panes/compare_pane.py" line="+90" />
        <source>A tokenizer of this session, to add to or remove from the comparison</source>
        <extracomment>Characters of the session text compared (the view draws fewer; see CompareView). The compare set changed (names in order): for saving it across restarts. what the last text job was asked (names, tokenizers, compared head, cut or not)</extracomment>
        <translation>비교에 추가하거나 비교에서 뺄 이 세션의 토크나이저</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Add to compare</source>
        <translation>비교에 추가</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Compare the chosen tokenizer too (at most {n})</source>
        <translation>고른 토크나이저도 비교합니다 (최대 {n}개)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Remove</source>
        <translation>제거</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Take the chosen tokenizer out of the comparison</source>
        <translation>고른 토크나이저를 비교에서 뺍니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Export…</source>
        <translation>내보내기…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The view as PNG, or the table shown below as CSV</source>
        <translation>보기를 PNG로, 또는 아래 표를 CSV로 저장</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The compared tokenizers, one row each in the view below</source>
        <translation>비교 중인 토크나이저 (아래 보기에서 한 줄씩)</translation>
    </message>
    <message>
        <location line="+6" />
        <location line="+176" />
        <source>Encoding the text with each compared tokenizer…</source>
        <translation>비교하는 토크나이저마다 텍스트를 인코딩하는 중…</translation>
    </message>
    <message>
        <location line="-166" />
        <source>Gold labels…</source>
        <translation>정답 레이블…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open a CoNLL/IOB or JSONL file of labelled texts: the metrics then show how each tokenizer fragments its entities</source>
        <translation>레이블이 붙은 텍스트의 CoNLL/IOB 또는 JSONL 파일을 엽니다. 그러면 지표에 토크나이저마다 개체를 어떻게 쪼개는지 나옵니다</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Metrics</source>
        <translation>지표</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Vocabulary overlap</source>
        <translation>어휘 겹침</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Differing boundaries</source>
        <translation>다른 경계</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Tokens, characters per token, tokens per word and unknown share of each tokenizer, on the text and on the corpus</source>
        <translation>텍스트와 말뭉치에서 토크나이저별 토큰 수, 토큰당 문자 수, 단어당 토큰 수, UNK 비율</translation>
    </message>
    <message>
        <location line="+2" />
        <source>How many vocabulary entries each pair shares</source>
        <translation>각 쌍이 공유하는 어휘 항목 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Every position where some tokenizers cut and others do not</source>
        <translation>어떤 토크나이저는 자르고 어떤 토크나이저는 자르지 않는 모든 위치</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Tokenizer:</source>
        <translation>토크나이저:</translation>
    </message>
    <message>
        <location line="+34" />
        <source>gold-label figures unavailable: {0}</source>
        <translation>정답 레이블 수치를 낼 수 없음: {0}</translation>
    </message>
    <message>
        <location line="+52" />
        <source>At most {n} tokenizers can be compared.</source>
        <translation>토크나이저는 최대 {n}개까지 비교할 수 있습니다.</translation>
    </message>
    <message>
        <location line="+29" />
        <source>Comparing: {names}</source>
        <translation>비교 중: {names}</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Add tokenizers to compare</source>
        <translation>비교할 토크나이저를 추가하세요</translation>
    </message>
    <message>
        <location line="+11" />
        <location line="+37" />
        <source>Add tokenizers to compare them.</source>
        <translation>비교할 토크나이저를 추가하세요.</translation>
    </message>
    <message>
        <location line="+13" />
        <source>encoding the text with each tokenizer…</source>
        <translation>토크나이저마다 텍스트를 인코딩하는 중…</translation>
    </message>
    <message>
        <location line="+14" />
        <source>comparing the first {n} characters of the text</source>
        <translation>텍스트의 처음 {n}자를 비교합니다</translation>
    </message>
    <message>
        <location line="+12" />
        <source>cannot encode the text: {error}</source>
        <translation>텍스트를 인코딩할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cannot encode the text: {error}</source>
        <translation>텍스트를 인코딩할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+39" />
        <source>measuring the corpus…</source>
        <translation>말뭉치를 측정하는 중…</translation>
    </message>
    <message>
        <location line="+9" />
        <source>measuring the whole corpus… {progress}</source>
        <translation>말뭉치 전체 측정 중… {progress}</translation>
    </message>
    <message>
        <location line="+11" />
        <source>corpus columns: the first {docs} documents, {chars} characters</source>
        <translation>말뭉치 열: 처음 {docs}개 문서, {chars}자</translation>
    </message>
    <message>
        <location line="+2" />
        <source>corpus columns: {docs} documents, {chars} characters</source>
        <translation>말뭉치 열: 문서 {docs}개, {chars}자</translation>
    </message>
    <message>
        <location line="+3" />
        <source>; cuts shared on the first {chars} characters</source>
        <translation>; 공유 경계는 처음 {chars}자에서 측정</translation>
    </message>
    <message>
        <location line="+7" />
        <source>corpus figures unavailable: {error}</source>
        <translation>말뭉치 수치를 구할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+6" />
        <location line="+8" />
        <source>gold entities split</source>
        <translation>나뉜 정답 개체</translation>
    </message>
    <message>
        <location line="-6" />
        <location line="+9" />
        <source>gold tokens/entity</source>
        <translation>정답 토큰/개체</translation>
    </message>
    <message>
        <location line="-2" />
        <source>Share of the gold entities this tokenizer cuts into several tokens (a model must then put them back together from several labels)</source>
        <translation>이 토크나이저가 여러 토큰으로 자르는 정답 개체의 비율 (모델은 여러 레이블에서 개체를 다시 맞춰야 합니다)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Mean number of tokens per gold entity: 1.00 = every entity is one token</source>
        <translation>정답 개체당 평균 토큰 수: 1.00 = 모든 개체가 토큰 하나</translation>
    </message>
    <message>
        <location line="+31" />
        <source>measuring the gold entities…</source>
        <translation>정답 개체를 측정하는 중…</translation>
    </message>
    <message>
        <location line="+11" />
        <source>gold columns: {0} texts, {1} entities</source>
        <translation>정답 열: 텍스트 {0}개, 개체 {1}개</translation>
    </message>
    <message>
        <location line="+25" />
        <source>comparison</source>
        <translation>비교</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <location filename="../widgets/compare_view.py" line="+293" />
        <source>… {n} more characters not drawn</source>
        <extracomment>Characters drawn at most (the tables still use the whole text).</extracomment>
        <translation>… 그리지 않은 문자 {n}개 더</translation>
    </message>
    <message>
        <location line="+107" />
        <source>character {c} {text}</source>
        <translation>문자 {c} {text}</translation>
    </message>
    <message>
        <location line="+1" />
        <source>characters {c}–{last} {text} (one glyph)</source>
        <translation>문자 {c}–{last} {text} (글리프 하나)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>(unknown)</source>
        <translation>(UNK)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>  {shown}   raw {raw}  id {id}  {offsets}{unknown}</source>
        <translation>  {shown}   원형 {raw}  id {id}  {offsets}{unknown}</translation>
    </message>
    <message>
        <location line="+7" />
        <source>cut before this character by: {names}</source>
        <translation>이 문자 앞에서 자른 토크나이저: {names}</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Tokenizers compared</source>
        <translation>비교한 토크나이저</translation>
    </message>
    <message>
        <location line="+2" />
        <source>One row per tokenizer over the same characters. The arrow keys move through the tokens, Up and Down to the other rows, Enter selects one.</source>
        <translation>같은 문자 위에 토크나이저마다 한 줄씩. 화살표 키로 토큰 사이를 옮기고, 위/아래 키로 다른 줄로 가며, Enter 키로 선택합니다.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>{n} tokens; {d} cuts differ between the tokenizers</source>
        <translation>토큰 {n}개, 토크나이저끼리 다른 경계 {d}개</translation>
    </message>
    <message>
        <location line="+8" />
        <source>, unknown</source>
        <translation>, UNK</translation>
    </message>
</context>
<context>
    <name>ConformancePane</name>
    <message>
        <location filename="../panes/conformance_pane.py" line="+37" />
        <source>normalized text (the normalizer)</source>
        <extracomment>The library's stage names in the interface language.</extracomment>
        <translation>정규화된 텍스트 (정규화기)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>pre-tokens (the pre-tokenizer)</source>
        <translation>사전 토큰 (사전 토크나이저)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>model output (before post-processing)</source>
        <translation>모델 출력 (후처리 전)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>post-processing (the final ids, special tokens)</source>
        <translation>후처리 (최종 id, 특수 토큰)</translation>
    </message>
    <message>
        <location line="+21" />
        <source>and the corpus</source>
        <translation>말뭉치도</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Also compare the first {n} lines of the loaded corpus</source>
        <translation>불러온 말뭉치의 처음 {n}줄도 비교합니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Compare</source>
        <translation>비교</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Encode the built-in probe texts (accents, NFKC characters, CJK, Korean, emoji, tabs, newlines, runs of spaces…) with both tokenizers and find where they part</source>
        <translation>내장 검사 텍스트(악센트, NFKC 문자, 한중일 문자, 한국어, 이모지, 탭, 줄바꿈, 연속 공백…)를 두 토크나이저로 인코딩하고 어디서 갈라지는지 찾습니다</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Pick two tokenizers and press Compare.</source>
        <translation>토크나이저 두 개를 고르고 비교를 누르세요.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Encode it</source>
        <translation>인코딩하기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Make the shortest differing text the session text, to follow it in the Encoding pane</source>
        <translation>가장 짧은 차이 텍스트를 세션 텍스트로 삼아 인코딩 패널에서 살펴봅니다</translation>
    </message>
    <message>
        <location line="+5" />
        <source>A token</source>
        <translation>A 토큰</translation>
    </message>
    <message>
        <location line="+0" />
        <source>A id</source>
        <translation>A id</translation>
    </message>
    <message>
        <location line="+0" />
        <source>A span</source>
        <translation>A 범위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>B token</source>
        <translation>B 토큰</translation>
    </message>
    <message>
        <location line="+0" />
        <source>B id</source>
        <translation>B id</translation>
    </message>
    <message>
        <location line="+0" />
        <source>B span</source>
        <translation>B 범위</translation>
    </message>
    <message>
        <location line="+36" />
        <source>First difference</source>
        <translation>첫 차이</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Shortest differing text</source>
        <translation>가장 짧은 차이 텍스트</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Where they part</source>
        <translation>갈라지는 단계</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A there</source>
        <translation>그 단계의 A</translation>
    </message>
    <message>
        <location line="+1" />
        <source>B there</source>
        <translation>그 단계의 B</translation>
    </message>
    <message>
        <location line="+1" />
        <source>First differing token</source>
        <translation>첫 번째로 다른 토큰</translation>
    </message>
    <message>
        <location line="+51" />
        <source>Open or train two tokenizers first.</source>
        <translation>먼저 토크나이저 두 개를 열거나 학습하세요.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Comparing…</source>
        <translation>비교 중…</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Cannot compare: {error}</source>
        <translation>비교할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+18" />
        <source>(the empty text)</source>
        <translation>(빈 텍스트)</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Agreement: {agree} of {n} texts ({rate}).</source>
        <translation>일치: 텍스트 {n}개 중 {agree}개 ({rate}).</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Compared by ids (the vocabularies are the same).</source>
        <translation>id로 비교했습니다 (어휘가 같습니다).</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The vocabularies differ, so ids are not comparable: tokens are compared by the text they spell.</source>
        <translation>어휘가 달라 id를 비교할 수 없습니다: 토큰이 나타내는 텍스트로 비교했습니다.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Identical on every text.</source>
        <translation>모든 텍스트에서 같습니다.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>built-in probe ({kind})</source>
        <translation>내장 검사 텍스트 ({kind})</translation>
    </message>
    <message>
        <location line="+2" />
        <source>corpus line {n}</source>
        <translation>말뭉치 {n}번째 줄</translation>
    </message>
    <message>
        <location line="+6" />
        <source>(none: the encoding ends)</source>
        <translation>(없음: 인코딩이 끝남)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{token} id {id} at {start}–{end}</source>
        <translation>{token} id {id}, 위치 {start}–{end}</translation>
    </message>
</context>
<context>
    <name>CopyActions</name>
    <message>
        <location filename="../widgets/copy_actions.py" line="+104" />
        <source>all {n} tokens</source>
        <translation>토큰 {n}개 전체</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{n} selected tokens</source>
        <translation>선택한 토큰 {n}개</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Copy ids</source>
        <translation>id 복사</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The token ids as a list, e.g. [101, 7592, 102]</source>
        <translation>토큰 id 목록, 예: [101, 7592, 102]</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Copy tokens</source>
        <translation>토큰 복사</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The tokens as a list, in the readable form (␣ for a space, ⟨C3⟩ for a byte that is part of a character)</source>
        <translation>읽기 쉬운 형태의 토큰 목록 (␣는 공백, ⟨C3⟩는 문자의 일부인 바이트)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Copy raw tokens</source>
        <translation>원형 토큰 복사</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The tokens as the vocabulary spells them (Ġ, ▁, ##)</source>
        <translation>어휘에 적힌 그대로의 토큰 (Ġ, ▁, ##)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Copy encoding as JSON</source>
        <translation>인코딩을 JSON으로 복사</translation>
    </message>
    <message>
        <location line="+2" />
        <source>ids, tokens, offsets, word ids, type ids, special tokens mask and attention mask, as JSON</source>
        <translation>id, 토큰, 오프셋, 단어 id, 타입 id, 특수 토큰 마스크, 어텐션 마스크를 JSON으로</translation>
    </message>
    <message>
        <location line="+33" />
        <source>Copy selected text (as drawn, with markers)</source>
        <translation>선택한 텍스트 복사 (표시된 그대로, 표지 포함)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The selected characters as the view draws them</source>
        <translation>보기에 그려진 그대로의 선택한 문자</translation>
    </message>
    <message>
        <location line="+56" />
        <source>Copy selected rows</source>
        <translation>선택한 행 복사</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Copy the selected rows as tab-separated text with a header line</source>
        <translation>선택한 행을 머리글 줄이 있는 탭 구분 텍스트로 복사</translation>
    </message>
    <message>
        <location line="+49" />
        <source>Copy {n} selected rows (TSV)</source>
        <translation>선택한 행 {n}개 복사 (TSV)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Copy selected rows (TSV)</source>
        <translation>선택한 행 복사 (TSV)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Tab-separated, with a header line; pastes into a spreadsheet</source>
        <translation>머리글 줄이 있는 탭 구분 텍스트. 스프레드시트에 붙여 넣을 수 있습니다</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Copy all {n} rows (TSV)</source>
        <translation>행 {n}개 모두 복사 (TSV)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Every row in the current order and filter, tab-separated</source>
        <translation>현재 정렬과 필터를 따른 모든 행, 탭 구분</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Copy cell</source>
        <translation>셀 복사</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The text of the cell under the mouse</source>
        <translation>마우스 아래 셀의 텍스트</translation>
    </message>
</context>
<context>
    <name>CorpusPane</name>
    <message>
        <location filename="../panes/corpus_pane.py" line="+48" />
        <source>Corpora (*.txt *.jsonl *.json *.csv *.tsv *.gz *.bz2 *.xz);;All files (*)</source>
        <translation>말뭉치 (*.txt *.jsonl *.json *.csv *.tsv *.gz *.bz2 *.xz);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+33" />
        <source>Open files…</source>
        <translation>파일 열기…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open one or several corpus files (.txt, .jsonl, .json, .csv, .tsv, also .gz/.bz2/.xz), with a preview to choose the field or column that holds the text</source>
        <translation>말뭉치 파일을 하나 이상 엽니다 (.txt, .jsonl, .json, .csv, .tsv, .gz/.bz2/.xz도 가능). 미리 보기에서 텍스트가 든 필드나 열을 고릅니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open folder…</source>
        <translation>폴더 열기…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open every file of a folder (a pattern chooses which)</source>
        <translation>폴더의 모든 파일을 엽니다 (패턴으로 고름)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Stop reading; the current corpus is kept</source>
        <translation>읽기를 멈춥니다. 현재 말뭉치는 유지됩니다</translation>
    </message>
    <message>
        <location line="+4" />
        <location line="+204" />
        <location line="+18" />
        <source>no corpus</source>
        <translation>말뭉치 없음</translation>
    </message>
    <message>
        <location line="-221" />
        <source>Reading the corpus: bytes read of the total</source>
        <translation>말뭉치 읽기: 전체 중 읽은 바이트</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Drop a file or folder here, or open one.</source>
        <translation>파일이나 폴더를 여기에 끌어 놓거나 여세요.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>What was read: files, documents, characters, words</source>
        <translation>읽은 내용: 파일, 문서, 문자, 단어</translation>
    </message>
    <message>
        <location line="+3" />
        <source>How the files were read: the JSON field, the CSV column and the folder pattern chosen when opening</source>
        <translation>파일을 읽은 방식: 열 때 고른 JSON 필드, CSV 열, 폴더 패턴</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Filter words…</source>
        <translation>단어 필터…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Show only the words containing this text</source>
        <translation>이 텍스트가 들어 있는 단어만 보입니다</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Every distinct word of the corpus (after pre-tokenization): word, how often it occurs, and its share of all words. Click a header to sort.</source>
        <translation>말뭉치의 서로 다른 모든 단어 (사전 토큰화 후): 단어, 나타난 횟수, 전체 단어 중 비율. 머리글을 누르면 정렬됩니다.</translation>
    </message>
    <message>
        <location line="+27" />
        <source>Open corpus files</source>
        <translation>말뭉치 파일 열기</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Open corpus folder</source>
        <translation>말뭉치 폴더 열기</translation>
    </message>
    <message>
        <location line="+10" />
        <location line="+14" />
        <source>A corpus is still loading; cancel it first.</source>
        <translation>아직 말뭉치를 불러오는 중입니다. 먼저 취소하세요.</translation>
    </message>
    <message>
        <location line="+14" />
        <source>reading…</source>
        <translation>읽는 중…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Reading corpus {paths}…</source>
        <translation>말뭉치 {paths} 읽는 중…</translation>
    </message>
    <message>
        <location line="+30" />
        <source>sorting the word table…</source>
        <translation>단어 표를 정렬하는 중…</translation>
    </message>
    <message>
        <location line="+5" />
        <source>reading %p%  ({done} of {total} MB)</source>
        <translation>읽는 중 %p%  ({total} MB 중 {done} MB)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Corpus loaded: {summary}</source>
        <translation>말뭉치를 불러왔습니다: {summary}</translation>
    </message>
    <message>
        <location line="+2" />
        <source>(Edit ▸ Undo brings back {previous})</source>
        <translation>(편집 ▸ 실행 취소로 {previous}을(를) 되돌릴 수 있습니다)</translation>
    </message>
    <message>
        <location line="+20" />
        <source>Brought back the corpus {label}</source>
        <translation>말뭉치 {label}을(를) 되돌렸습니다</translation>
    </message>
    <message>
        <location line="+12" />
        <source>{n} distinct words</source>
        <translation>서로 다른 단어 {n}개</translation>
    </message>
    <message>
        <location line="+10" />
        <source>the file cannot be read: {error}</source>
        <translation>파일을 읽을 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the corpus could not be read ({error})</source>
        <translation>말뭉치를 읽을 수 없습니다 ({error})</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The previous corpus is kept.</source>
        <translation>이전 말뭉치를 유지합니다.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Corpus loading cancelled; kept {kept}.</source>
        <translation>말뭉치 불러오기를 취소했습니다. {kept}을(를) 유지합니다.</translation>
    </message>
    <message>
        <location line="+18" />
        <source>kept previous corpus</source>
        <translation>이전 말뭉치 유지</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Top characters: {top}</source>
        <translation>가장 많은 문자: {top}</translation>
    </message>
    <message>
        <location line="+31" />
        <source>field “{name}”</source>
        <translation>필드 “{name}”</translation>
    </message>
    <message>
        <location line="+3" />
        <source>column “{name}”</source>
        <translation>열 “{name}”</translation>
    </message>
    <message>
        <location line="+3" />
        <source>files {pattern}</source>
        <translation>파일 {pattern}</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Read: {how}</source>
        <translation>읽은 방식: {how}</translation>
    </message>
</context>
<context>
    <name>CorpusPreviewDialog</name>
    <message>
        <location filename="../widgets/corpus_preview.py" line="+52" />
        <source>plain text (one document per line)</source>
        <extracomment>Characters of one cell or document shown in the preview. Line breaks and tabs shown as marks, so one record stays on one table line.</extracomment>
        <translation>일반 텍스트 (한 줄에 문서 하나)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>JSON lines</source>
        <translation>JSONL (한 줄에 JSON 하나)</translation>
    </message>
    <message>
        <location line="+25" />
        <source>Cannot open the corpus</source>
        <translation>말뭉치를 열 수 없습니다</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Open corpus</source>
        <translation>말뭉치 열기</translation>
    </message>
    <message>
        <location line="+9" />
        <source>JSON / JSONL: the field of each record that holds the text (fields holding a string in the first records)</source>
        <translation>JSON / JSONL: 각 레코드에서 텍스트가 든 필드 (처음 레코드들에서 문자열을 담은 필드)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>CSV / TSV: the column that holds the text (from the header)</source>
        <translation>CSV / TSV: 텍스트가 든 열 (머리글 기준)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Folders: which files to read, e.g. **/*.txt or *.jsonl (hidden files are skipped)</source>
        <translation>폴더: 읽을 파일, 예: **/*.txt 또는 *.jsonl (숨김 파일은 건너뜀)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Preview again</source>
        <translation>다시 미리 보기</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Find the folder's files with this pattern and preview them</source>
        <translation>이 패턴으로 폴더의 파일을 찾아 미리 봅니다</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The first records of the first file, as stored; the column that will be read is in bold</source>
        <translation>첫 파일의 처음 레코드 (저장된 그대로). 읽을 열은 굵게 표시됩니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The first documents as they will be read with this choice (⏎ marks line breaks, ⇥ tabs)</source>
        <translation>이 선택으로 읽게 될 처음 문서들 (⏎는 줄바꿈, ⇥는 탭)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Read the whole corpus this way and count its words</source>
        <translation>말뭉치 전체를 이 방식으로 읽고 단어를 셉니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Keep the current corpus</source>
        <translation>현재 말뭉치를 유지합니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Text field</source>
        <translation>텍스트 필드</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Text column</source>
        <translation>텍스트 열</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Files in folders</source>
        <translation>폴더 안의 파일</translation>
    </message>
    <message>
        <location line="+6" />
        <source>First records:</source>
        <translation>처음 레코드:</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Documents that will be read:</source>
        <translation>읽게 될 문서:</translation>
    </message>
    <message>
        <location line="+42" />
        <source> and {n} more</source>
        <translation> 외 {n}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>1 file: {names}</source>
        <translation>파일 1개: {names}</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} files: {names}</source>
        <translation>파일 {n}개: {names}</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Format: {formats}</source>
        <translation>형식: {formats}</translation>
    </message>
    <message>
        <location line="+72" />
        <source>No text in the field {name} of the first records: choose another one.</source>
        <translation>처음 레코드들의 필드 {name}에 텍스트가 없습니다. 다른 필드를 고르세요.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>No text in the column {name} of the first records: choose another one.</source>
        <translation>처음 레코드들의 열 {name}에 텍스트가 없습니다. 다른 열을 고르세요.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Cannot preview: {error}</source>
        <translation>미리 볼 수 없습니다: {error}</translation>
    </message>
</context>
<context>
    <name>DecodePane</name>
    <message>
        <location filename="../panes/decode_pane.py" line="+16" />
        <source>Paste token ids: 101 7592 102, 101, 7592, 102, or [101, 7592, 102] copied from Python</source>
        <translation>토큰 id를 붙여 넣으세요: 101 7592 102, 101, 7592, 102 또는 Python에서 복사한 [101, 7592, 102]</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Token ids separated by spaces or commas; brackets of a JSON or Python list are fine</source>
        <translation>공백이나 쉼표로 구분한 토큰 id. JSON 또는 Python 목록의 대괄호도 됩니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>skip special tokens</source>
        <translation>특수 토큰 건너뛰기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Leave special tokens such as [CLS] or &lt;|endoftext|&gt; out of the decoded text (decode(skip_special_tokens=True))</source>
        <translation>[CLS], &lt;|endoftext|&gt; 같은 특수 토큰을 디코딩한 텍스트에서 뺍니다 (decode(skip_special_tokens=True))</translation>
    </message>
    <message>
        <location line="+2" />
        <source>From the current text</source>
        <translation>현재 텍스트에서</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Fill in the ids of the current text's encoding</source>
        <translation>현재 텍스트 인코딩의 id를 채웁니다</translation>
    </message>
    <message>
        <location line="+10" />
        <source>The text the ids decode to with the current tokenizer</source>
        <translation>현재 토크나이저로 id를 디코딩한 텍스트</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Each known id and its token (click one: the other panes highlight it)</source>
        <translation>알려진 id와 그 토큰 (하나를 누르면 다른 패널에서 강조됩니다)</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Decoded text</source>
        <translation>디코딩한 텍스트</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Token ids</source>
        <translation>토큰 id</translation>
    </message>
    <message>
        <location line="+40" />
        <source>open or train a tokenizer to decode ids</source>
        <translation>id를 디코딩하려면 토크나이저를 열거나 학습하세요</translation>
    </message>
    <message>
        <location line="+4" />
        <source>paste token ids above</source>
        <translation>위에 토큰 id를 붙여 넣으세요</translation>
    </message>
    <message>
        <location line="+4" />
        <source>1 token → {chars} characters</source>
        <translation>토큰 1개 → {chars}자</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} tokens → {chars} characters</source>
        <translation>토큰 {n}개 → {chars}자</translation>
    </message>
</context>
<context>
    <name>EncodeOptions</name>
    <message>
        <location filename="../encode_options.py" line="+58" />
        <source>truncated: {full} → {kept} tokens (max_length {max})</source>
        <translation>잘림: 토큰 {full}개 → {kept}개 (max_length {max})</translation>
    </message>
    <message>
        <location line="+5" />
        <source>padded with {n} {token}</source>
        <translation>{token} {n}개로 패딩함</translation>
    </message>
    <message>
        <location line="+68" />
        <source>the file truncates to max_length {n} ({direction})</source>
        <translation>파일 설정에 따라 max_length {n}에 맞춰 자름 ({direction})</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the file sets no truncation</source>
        <translation>파일에 자르기 설정이 없음</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the file sets no padding</source>
        <translation>파일에 패딩 설정이 없음</translation>
    </message>
    <message>
        <location line="+2" />
        <source>the file pads to the longest of a batch with {token}</source>
        <translation>파일 설정에 따라 배치에서 가장 긴 길이까지 {token}(으)로 패딩</translation>
    </message>
    <message>
        <location line="+4" />
        <source>the file pads to {n} tokens with {token}</source>
        <translation>파일 설정에 따라 {token}(으)로 토큰 {n}개까지 패딩</translation>
    </message>
</context>
<context>
    <name>EncodingPane</name>
    <message>
        <location filename="../panes/encoding_pane.py" line="+69" />
        <source>Type or paste text to encode…</source>
        <translation>인코딩할 텍스트를 입력하거나 붙여 넣으세요…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The text to encode; it is re-encoded a moment after you stop typing</source>
        <translation>인코딩할 텍스트. 입력을 멈추면 잠시 뒤 다시 인코딩됩니다</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Tokens, characters, characters per token and tokens per word of the current text</source>
        <translation>현재 텍스트의 토큰 수, 문자 수, 토큰당 문자 수, 단어당 토큰 수</translation>
    </message>
    <message>
        <location line="+7" />
        <source>special tokens</source>
        <translation>특수 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Let the post-processor add its special tokens ([CLS], [SEP], &lt;s&gt;…); off: only the text's own tokens</source>
        <translation>후처리기가 특수 토큰([CLS], [SEP], &lt;s&gt;…)을 덧붙입니다. 끄면 텍스트 자체의 토큰만 나옵니다</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+150" />
        <source>truncation</source>
        <translation>자르기</translation>
    </message>
    <message>
        <location line="-149" />
        <location line="+151" />
        <source>padding</source>
        <translation>패딩</translation>
    </message>
    <message>
        <location line="-145" />
        <source>What the tokenizer's truncation and padding did to the text</source>
        <translation>토크나이저의 자르기와 패딩이 텍스트에 한 일</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Show normalized text and pre-tokens</source>
        <translation>정규화한 텍스트와 사전 토큰 보기</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show the pipeline stages: the text after normalization and the pieces the pre-tokenizer gives the model</source>
        <translation>파이프라인 단계를 보입니다: 정규화 후의 텍스트와 사전 토크나이저가 모델에 넘기는 조각</translation>
    </message>
    <message>
        <location line="+7" />
        <source>The text after the normalizer (␣ = space, ↵ = newline); scroll for more</source>
        <translation>정규화기를 거친 텍스트 (␣ = 공백, ↵ = 줄바꿈). 스크롤하면 더 보입니다</translation>
    </message>
    <message>
        <location line="+28" />
        <source>Normalized:</source>
        <translation>정규화:</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Encode with:</source>
        <translation>인코딩 옵션:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Encoding options for the current tokenizer; every view of the encoding follows them</source>
        <translation>현재 토크나이저의 인코딩 옵션. 인코딩을 보여 주는 모든 보기가 따릅니다</translation>
    </message>
    <message>
        <location line="+8" />
        <source>unknown</source>
        <translation>UNK</translation>
    </message>
    <message>
        <location line="+0" />
        <source>unknown token</source>
        <translation>UNK 토큰 (어휘에 없어 알 수 없는 토큰)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>shared glyph</source>
        <translation>공유 글리프</translation>
    </message>
    <message>
        <location line="+0" />
        <source>a character (or emoji, flag…) covered by several (byte) tokens</source>
        <translation>여러 (바이트) 토큰이 함께 덮는 문자 (또는 이모지, 국기…)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>merge</source>
        <translation>병합</translation>
    </message>
    <message>
        <location line="+0" />
        <source>token built with the merge selected in the merge history</source>
        <translation>병합 기록에서 고른 병합으로 만들어진 토큰</translation>
    </message>
    <message>
        <location line="+56" />
        <source>encoding {n} characters…</source>
        <translation>{n}자를 인코딩하는 중…</translation>
    </message>
    <message>
        <location line="+15" />
        <source>truncation ({n})</source>
        <translation>자르기 ({n})</translation>
    </message>
    <message>
        <location line="+2" />
        <source>padding ({n})</source>
        <translation>패딩 ({n})</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Apply the tokenizer's truncation: {how}. Off: encode the whole text.</source>
        <translation>토크나이저의 자르기를 적용합니다: {how}. 끄면 텍스트 전체를 인코딩합니다.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Apply the tokenizer's padding: {how}. Off: no padding tokens.</source>
        <translation>토크나이저의 패딩을 적용합니다: {how}. 끄면 패딩 토큰이 없습니다.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Let the post-processor add its 1 special token ([CLS], [SEP], &lt;s&gt;…); off: only the text's own tokens</source>
        <translation>후처리기가 특수 토큰 1개([CLS], [SEP], &lt;s&gt;…)를 덧붙입니다. 끄면 텍스트 자체의 토큰만 나옵니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Let the post-processor add its {n} special tokens ([CLS], [SEP], &lt;s&gt;…); off: only the text's own tokens</source>
        <translation>후처리기가 특수 토큰 {n}개([CLS], [SEP], &lt;s&gt;…)를 덧붙입니다. 끄면 텍스트 자체의 토큰만 나옵니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>This tokenizer's post-processor adds no special tokens</source>
        <translation>이 토크나이저의 후처리기는 특수 토큰을 덧붙이지 않습니다</translation>
    </message>
    <message>
        <location line="+29" />
        <source>no tokenizer</source>
        <translation>토크나이저 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>cannot encode</source>
        <translation>인코딩할 수 없음</translation>
    </message>
    <message>
        <location line="+4" />
        <source>{tokens} tokens · {chars} chars · {cpt} chars/token · {tpw} tokens/word</source>
        <translation>토큰 {tokens}개 · {chars}자 · 토큰당 {cpt}자 · 단어당 토큰 {tpw}개</translation>
    </message>
    <message>
        <location line="+4" />
        <source> · {n} unknown</source>
        <translation> · UNK {n}개</translation>
    </message>
    <message>
        <location line="+4" />
        <source>What the tokenizer's truncation and padding did: {what}</source>
        <translation>토크나이저의 자르기와 패딩이 한 일: {what}</translation>
    </message>
    <message>
        <location line="+2" />
        <source>nothing</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="+74" />
        <source>Pipeline stages are shown for texts up to {n} characters.</source>
        <translation>파이프라인 단계는 {n}자까지의 텍스트에서만 보입니다.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>  … ({n} more characters)</source>
        <translation>  … ({n}자 더 있음)</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <location filename="../widgets/export.py" line="+21" />
        <source>PNG image (*.png)</source>
        <translation>PNG 이미지 (*.png)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>CSV table (*.csv)</source>
        <translation>CSV 표 (*.csv)</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Export {what}</source>
        <translation>{what} 내보내기</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Cannot export</source>
        <translation>내보낼 수 없습니다</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <location filename="../file_actions.py" line="+40" />
        <source>Tokenizer (*.json);;All files (*)</source>
        <translation>토크나이저 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Tokenizers (*.json *.model *.spm *.tiktoken *.txt *.bpe *.codes codes *.subwords *.gguf);;tokenizer.json (*.json);;SentencePiece (*.model *.spm);;tiktoken (*.tiktoken *.model);;Mistral Tekken (tekken*.json *.json);;Vocabulary files (vocab.json merges.txt vocab.txt *.bpe);;llama.cpp GGUF (*.gguf);;All files (*)</source>
        <extracomment>What File ▸ Open tokenizer lists: every format open_tokenizer reads (a folder has its own action); "All files" too, since a subword-nmt codes file often has no extension.</extracomment>
        <translation>토크나이저 (*.json *.model *.spm *.tiktoken *.txt *.bpe *.codes codes *.subwords *.gguf);;tokenizer.json (*.json);;SentencePiece (*.model *.spm);;tiktoken (*.tiktoken *.model);;Mistral Tekken (tekken*.json *.json);;어휘 파일 (vocab.json merges.txt vocab.txt *.bpe);;llama.cpp GGUF (*.gguf);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Training history (*.jsonl);;All files (*)</source>
        <translation>학습 기록 (*.jsonl);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Labelled text (*.jsonl *.ndjson *.json *.conll *.iob *.txt *.tsv);;All files (*)</source>
        <translation>레이블 텍스트 (*.jsonl *.ndjson *.json *.conll *.iob *.txt *.tsv);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+27" />
        <source>Open tokenizer folder</source>
        <translation>토크나이저 폴더 열기</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open tokenizer</source>
        <translation>토크나이저 열기</translation>
    </message>
    <message>
        <location line="+123" />
        <source>The file is not UTF-8 text.</source>
        <translation>파일이 UTF-8 텍스트가 아닙니다.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The file cannot be read: {error}.</source>
        <translation>파일을 읽을 수 없습니다: {error}.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The file is not a tokenizer this program can read ({error}).</source>
        <translation>이 프로그램이 읽을 수 있는 토크나이저 파일이 아닙니다 ({error}).</translation>
    </message>
    <message>
        <location line="+42" />
        <source>Save tokenizer.json</source>
        <extracomment>Dropped files that are tokenizers by their name alone (other files by their content). A dropped folder holding one of these is a model folder, not a corpus folder.</extracomment>
        <translation>tokenizer.json 저장</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cannot save tokenizer.json</source>
        <translation>tokenizer.json을 저장할 수 없습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Saved {name} to {path}</source>
        <translation>{name}을(를) {path}에 저장했습니다</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Save for transformers: pick a folder</source>
        <translation>transformers용으로 저장: 폴더를 고르세요</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Cannot save for transformers</source>
        <translation>transformers용으로 저장할 수 없습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Saved {name} to {folder}: AutoTokenizer.from_pretrained loads it</source>
        <translation>{name}을(를) {folder}에 저장했습니다: AutoTokenizer.from_pretrained로 불러올 수 있습니다</translation>
    </message>
    <message>
        <location line="+10" />
        <source>No training history</source>
        <translation>학습 기록 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Only tokenizers trained in this session have a history.</source>
        <translation>이 세션에서 학습한 토크나이저만 학습 기록이 있습니다.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Save training history</source>
        <translation>학습 기록 저장</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cannot save training history</source>
        <translation>학습 기록을 저장할 수 없습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Saved the training history of {name} to {path}</source>
        <translation>{name}의 학습 기록을 {path}에 저장했습니다</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Open gold labels</source>
        <translation>정답 레이블 열기</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Cannot read labels</source>
        <translation>레이블을 읽을 수 없습니다</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Nothing to save</source>
        <translation>저장할 것이 없습니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Train or open a tokenizer first.</source>
        <translation>먼저 토크나이저를 학습하거나 여세요.</translation>
    </message>
</context>
<context>
    <name>Form</name>
    <message>
        <location filename="../plots/pyqtgraph_strings.py" line="+15" />
        <source>Link Axis:</source>
        <translation>축 연결:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Links this axis with another view. When linked, both views will display the same data range.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;이 축을 다른 보기와 연결합니다. 연결하면 두 보기가 같은 데이터 범위를 표시합니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Percent of data to be visible when auto-scaling. It may be useful to decrease this value for data with spiky noise.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;자동 배율 조정 때 보이게 할 데이터의 비율입니다. 튀는 잡음이 있는 데이터라면 이 값을 줄이면 좋습니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Automatically resize this axis whenever the displayed data is changed.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;표시한 데이터가 바뀔 때마다 이 축의 범위를 자동으로 조정합니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Auto</source>
        <translation>자동</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Set the range for this axis manually. This disables automatic scaling. &lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;이 축의 범위를 직접 정합니다. 자동 배율 조정이 꺼집니다. &lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Manual</source>
        <translation>수동</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Minimum value to display for this axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;이 축에 표시할 최솟값입니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Maximum value to display for this axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;이 축에 표시할 최댓값입니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Inverts the display of this axis. (+y points downward instead of upward)&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;이 축의 방향을 뒤집습니다. (+y가 위가 아니라 아래를 향함)&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Invert Axis</source>
        <translation>축 뒤집기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;Enables mouse interaction (panning, scaling) for this axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;이 축에서 마우스 조작(이동, 확대·축소)을 켭니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Mouse Enabled</source>
        <translation>마우스 사용</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;When checked, the axis will only auto-scale to data that is visible along the orthogonal axis.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;켜면 직교하는 축에서 보이는 데이터만으로 자동 배율을 조정합니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Visible Data Only</source>
        <translation>보이는 데이터만</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;When checked, the axis will automatically pan to center on the current data, but the scale along this axis will not change.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</source>
        <translation>&lt;html&gt;&lt;head/&gt;&lt;body&gt;&lt;p&gt;켜면 축이 현재 데이터를 가운데에 두도록 자동으로 이동하지만 이 축의 배율은 바뀌지 않습니다.&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Auto Pan Only</source>
        <translation>자동 이동만</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Display averages of the curves displayed in this plot. The parameter list allows you to choose parameters to average over (if any are available).</source>
        <translation>이 그래프에 표시한 곡선들의 평균을 표시합니다. 매개변수 목록에서 평균을 낼 매개변수를 고를 수 있습니다 (있는 경우).</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Average</source>
        <translation>평균</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Plot only the portion of each curve that is visible. This assumes X values are uniformly spaced.</source>
        <translation>각 곡선에서 보이는 부분만 그립니다. X 값이 고르게 떨어져 있다고 가정합니다.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Clip to View</source>
        <translation>보이는 부분만 그리기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>If multiple curves are displayed in this plot, check this box to limit the number of traces that are displayed.</source>
        <translation>이 그래프에 곡선이 여러 개 있을 때 켜면 표시할 곡선 수를 제한합니다.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Max Traces:</source>
        <translation>최대 곡선 수:</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Downsample</source>
        <translation>다운샘플링</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Downsample by drawing a saw wave that follows the min and max of the original data. This method produces the best visual representation of the data but is slower.</source>
        <translation>원래 데이터의 최솟값과 최댓값을 따르는 톱니파를 그려 다운샘플링합니다. 데이터를 가장 잘 보여 주지만 느립니다.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Peak</source>
        <translation>피크</translation>
    </message>
    <message>
        <location line="+1" />
        <source>If MaxTraces is checked, remove curves from memory after they are hidden (saves memory, but traces can not be un-hidden).</source>
        <translation>최대 곡선 수를 켰다면 숨긴 곡선을 메모리에서 지웁니다 (메모리를 아끼지만 다시 보이게 할 수 없음).</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Forget hidden traces</source>
        <translation>숨긴 곡선 지우기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Downsample by taking the mean of N samples.</source>
        <translation>표본 N개의 평균으로 다운샘플링합니다.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mean</source>
        <translation>평균값</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Downsample by taking the first of N samples. This method is fastest and least accurate.</source>
        <translation>표본 N개 중 첫 번째를 골라 다운샘플링합니다. 가장 빠르지만 가장 부정확합니다.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Subsample</source>
        <translation>부분 표본</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Automatically downsample data based on the visible range. This assumes X values are uniformly spaced.</source>
        <translation>보이는 범위에 맞춰 데이터를 자동으로 다운샘플링합니다. X 값이 고르게 떨어져 있다고 가정합니다.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Downsample data before plotting. (plot every Nth sample)</source>
        <translation>그리기 전에 데이터를 다운샘플링합니다. (N번째 표본마다 그림)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Log X</source>
        <translation>로그 X</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Y vs. Y'</source>
        <translation>Y 대 Y'</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Power Spectrum (FFT)</source>
        <translation>파워 스펙트럼 (FFT)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Log Y</source>
        <translation>로그 Y</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Subtract Mean</source>
        <translation>평균 빼기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Points</source>
        <translation>점</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Show X Grid</source>
        <translation>X 격자 표시</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Show Y Grid</source>
        <translation>Y 격자 표시</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Opacity</source>
        <translation>불투명도</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Alpha</source>
        <translation>투명도</translation>
    </message>
</context>
<context>
    <name>GoldLabelsPage</name>
    <message>
        <location filename="../panes/groupings_pane/gold_page.py" line="+39" />
        <source>— no labels —</source>
        <translation>— 레이블 없음 —</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Open…</source>
        <translation>열기…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Encode it</source>
        <translation>인코딩하기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Put this labelled text in the Encoding box, so that selecting an entity selects it in every pane</source>
        <translation>이 레이블 텍스트를 인코딩 상자에 넣어, 개체를 고르면 모든 창에서 함께 선택되게 합니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>text </source>
        <translation>텍스트 </translation>
    </message>
    <message>
        <location line="+2" />
        <source>first sub-token (others -100)</source>
        <translation>첫 하위 토큰 (나머지 -100)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>all sub-tokens</source>
        <translation>모든 하위 토큰</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The gold-labelled file: CoNLL/IOB or JSONL character spans</source>
        <translation>정답 레이블 파일: CoNLL/IOB 또는 JSONL 문자 범위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open a CoNLL/IOB or JSONL file of labelled texts</source>
        <translation>레이블이 붙은 텍스트의 CoNLL/IOB 또는 JSONL 파일을 엽니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Which labelled text to show (the current text when it is one)</source>
        <translation>보여 줄 레이블 텍스트 (현재 텍스트가 그중 하나면 그 텍스트)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Which sub-tokens of a word carry its label</source>
        <translation>단어의 레이블을 받을 하위 토큰</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Cannot compute the figures: {0}</source>
        <translation>수치를 계산할 수 없습니다: {0}</translation>
    </message>
    <message>
        <location line="+8" />
        <source>labels on</source>
        <translation>레이블 대상</translation>
    </message>
    <message>
        <location line="+109" />
        <source>Cannot encode this text: {0}</source>
        <translation>이 텍스트를 인코딩할 수 없습니다: {0}</translation>
    </message>
    <message>
        <location line="+20" />
        <source>Computing the figures over the whole file…</source>
        <translation>파일 전체의 수치를 계산하는 중…</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Computing the figures over the whole file… {0} / {1}</source>
        <translation>파일 전체의 수치를 계산하는 중… {0} / {1}</translation>
    </message>
</context>
<context>
    <name>GraphicsScene</name>
    <message>
        <location filename="../plots/pyqtgraph_strings.py" line="-49" />
        <source>Export...</source>
        <translation>내보내기...</translation>
    </message>
</context>
<context>
    <name>Groupings</name>
    <message>
        <location filename="../panes/groupings_pane/pane.py" line="-25" />
        <source>token frequency in corpus</source>
        <translation>말뭉치 속 토큰 빈도</translation>
    </message>
    <message>
        <location line="+1" />
        <source>merge rank</source>
        <translation>병합 순위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Unigram log-probability</source>
        <translation>Unigram 로그 확률</translation>
    </message>
    <message>
        <location filename="../panes/groupings_pane/model_page.py" line="-10" />
        <location filename="../panes/groupings_pane/pane.py" line="+9" />
        <source>tokens</source>
        <translation>토큰 번호</translation>
    </message>
    <message>
        <location filename="../panes/groupings_pane/gold_page.py" line="-297" />
        <source>No gold labels loaded. Pick a bundled sample above (resources/labeled/) or open your own file with Open…: a CoNLL/IOB file (one 'word&lt;TAB&gt;tag' per line, a blank line between sentences) or JSONL (one {"text": …, "entities": [{"start", "end", "label"}]} per line).</source>
        <translation>불러온 정답 레이블이 없습니다. 위에서 함께 든 예제(resources/labeled/)를 고르거나 열기…로 직접 파일을 여세요: CoNLL/IOB 파일 (한 줄에 '단어&lt;TAB&gt;태그' 하나, 문장 사이에 빈 줄) 또는 JSONL (한 줄에 {"text": …, "entities": [{"start", "end", "label"}]} 하나).</translation>
    </message>
    <message>
        <location line="+41" />
        <source>exact</source>
        <translation>일치</translation>
    </message>
    <message>
        <location line="+2" />
        <source>differs: not found</source>
        <translation>다름: 찾지 못함</translation>
    </message>
    <message>
        <location line="+1" />
        <source>differs: {text} ({label})</source>
        <translation>다름: {text} ({label})</translation>
    </message>
    <message>
        <location line="+6" />
        <source>1 token</source>
        <translation>토큰 1개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} tokens</source>
        <translation>토큰 {n}개</translation>
    </message>
    <message>
        <location line="+31" />
        <source>Whole file with {name}: {docs} texts, {entities} entities; {split} split into several tokens, {per} tokens per entity; {exact} regrouped exactly (after trimming whitespace).</source>
        <translation>{name} 기준 파일 전체: 텍스트 {docs}개, 개체 {entities}개. {split}가 여러 토큰으로 나뉨, 개체당 토큰 {per}개, {exact}가 정확히 재결합됨 (공백을 다듬은 뒤).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Whole file: {docs} texts, {entities} entities; {split} split into several tokens, {per} tokens per entity; {exact} regrouped exactly (after trimming whitespace).</source>
        <translation>파일 전체: 텍스트 {docs}개, 개체 {entities}개. {split}가 여러 토큰으로 나뉨, 개체당 토큰 {per}개, {exact}가 정확히 재결합됨 (공백을 다듬은 뒤).</translation>
    </message>
</context>
<context>
    <name>GroupingsPane</name>
    <message>
        <location filename="../panes/groupings_pane/pane.py" line="+53" />
        <source>Demo: frequency as a score</source>
        <extracomment>Encodings up to this many tokens are grouped at once (a few ms); longer ones in the pool. Merge indexes a pane keeps (the tokenizers switched between most recently).</extracomment>
        <translation>데모: 빈도를 점수로</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Align IOB labels</source>
        <translation>IOB 레이블 정렬</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Gold labels (CoNLL / JSONL)</source>
        <translation>정답 레이블 (CoNLL / JSONL)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Token-classification model (folder)</source>
        <translation>토큰 분류 모델 (폴더)</translation>
    </message>
    <message>
        <location line="+28" />
        <source>Open…</source>
        <translation>열기…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>first sub-token (others -100)</source>
        <translation>첫 하위 토큰 (나머지 -100)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>all sub-tokens</source>
        <translation>모든 하위 토큰</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Demo: group tokens by a per-token score (not an entity model); align IOB word labels to tokens; check gold entity labels against the tokenizer; or label the text with a token-classification model from a folder</source>
        <translation>데모: 토큰별 점수로 토큰을 묶기 (개체 모델 아님), IOB 단어 레이블을 토큰에 정렬하기, 정답 개체 레이블을 토크나이저로 확인하기, 또는 폴더의 토큰 분류 모델로 텍스트에 레이블 붙이기</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Demo only, not an entity model: a per-token score (frequency, merge rank or log-probability) stands in for a classifier's output, to show how aggregation strategies group tokens. For real entities use Gold labels or a token-classification model.</source>
        <translation>데모일 뿐 개체 모델이 아닙니다. 토큰별 점수(빈도, 병합 순위, 로그 확률)를 분류기 출력 대신 써서 집계 전략이 토큰을 어떻게 묶는지 보여 줍니다. 실제 개체는 정답 레이블이나 토큰 분류 모델을 쓰세요.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>How token scores become groups (as transformers' aggregation_strategy): none = one row per token; simple = merge neighbours with the same label; first / average / max = one label per word from its first, mean or highest-scoring token</source>
        <translation>토큰 점수가 그룹이 되는 방식 (transformers의 aggregation_strategy): none = 토큰마다 한 줄, simple = 레이블이 같은 이웃을 합침, first / average / max = 단어마다 첫 토큰, 평균, 최고 점수 토큰으로 레이블 하나</translation>
    </message>
    <message>
        <location line="+3" />
        <source>The per-token score the strategy groups by</source>
        <translation>전략이 묶을 때 쓰는 토큰별 점수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The groups; select one to select its span everywhere</source>
        <translation>그룹. 하나를 고르면 그 범위가 모든 곳에서 선택됩니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A word-per-line IOB/CoNLL file of labelled sentences</source>
        <translation>레이블 문장을 한 줄에 한 단어씩 적은 IOB/CoNLL 파일</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open another IOB/CoNLL file</source>
        <translation>다른 IOB/CoNLL 파일 열기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Which sub-tokens of a word carry its label (the others get -100, ignored by the loss)</source>
        <translation>단어의 레이블을 받을 하위 토큰 (나머지는 -100을 받아 손실 계산에서 무시됨)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>IOB2: every entity starts with B-; IOB1: B- only between two entities of the same type</source>
        <translation>IOB2: 모든 개체가 B-로 시작, IOB1: 같은 유형의 두 개체 사이에서만 B-</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Which sentence of the file to show</source>
        <translation>보여 줄 파일의 문장</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Strategy</source>
        <translation>전략</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Per-token score</source>
        <translation>토큰별 점수</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Labels on</source>
        <translation>레이블 대상</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Scheme</source>
        <translation>방식</translation>
    </message>
    <message>
        <location line="+113" />
        <source>{n} groups. Score = {source} rescaled to [0, 1]; label HIGH when ≥ 0.5, as a 2-class classifier would.</source>
        <translation>그룹 {n}개. 점수 = {source}, [0, 1]로 다시 맞춤. 2-클래스 분류기처럼 0.5 이상이면 레이블 HIGH.</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Token frequencies need a corpus.</source>
        <translation>토큰 빈도를 내려면 말뭉치가 필요합니다.</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+11" />
        <source>Counting token frequencies in the corpus…</source>
        <translation>말뭉치에서 토큰 빈도를 세는 중…</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Cannot count token frequencies: {0}</source>
        <translation>토큰 빈도를 셀 수 없습니다: {0}</translation>
    </message>
    <message>
        <location line="+51" />
        <source>Open IOB/CoNLL file</source>
        <translation>IOB/CoNLL 파일 열기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>CoNLL / IOB (*.conll *.iob *.txt *.tsv);;All files (*)</source>
        <translation>CoNLL / IOB (*.conll *.iob *.txt *.tsv);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Cannot read labels</source>
        <translation>레이블을 읽을 수 없습니다</translation>
    </message>
    <message>
        <location line="+16" />
        <source>{sentences} sentences, {entities} entities; {split} split into several tokens (max {max}); regrouped entities differ from the original in {differ} sentence(s).</source>
        <translation>문장 {sentences}개, 개체 {entities}개. 여러 토큰으로 나뉜 개체 {split}개 (최대 {max}개), 재결합한 개체가 원래와 다른 문장 {differ}개.</translation>
    </message>
    <message>
        <location line="+7" />
        <source>{n} sentence(s) break {scheme}.</source>
        <translation>{scheme} 규칙을 어긴 문장 {n}개.</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <location filename="../help_text.py" line="+11" />
        <source>Welcome! A small tokenizer trains on the sample corpus. Type in &lt;b&gt;Encoding&lt;/b&gt; to see how text splits; click a token to follow it in every pane. Ctrl+1…9 switch views; F1 explains them.</source>
        <translation>환영합니다! 예제 말뭉치로 작은 토크나이저를 학습합니다. &lt;b&gt;인코딩&lt;/b&gt;에 입력해 텍스트가 나뉘는 모습을 보고, 토큰을 누르면 모든 패널이 따라갑니다. Ctrl+1…9: 화면 전환, F1: 도움말.</translation>
    </message>
    <message>
        <location line="+7" />
        <source>&lt;h3&gt;Views&lt;/h3&gt;
&lt;p&gt;Each view is a layout of docks for one task. Drag, tab, resize or close docks as you like:
the view remembers it. &lt;i&gt;View ▸ Reset layout&lt;/i&gt; puts the current view back.&lt;/p&gt;</source>
        <extracomment>The help, piece by piece; the list tags between the pieces are markup, not text.</extracomment>
        <translation>&lt;h3&gt;화면&lt;/h3&gt;
&lt;p&gt;각 화면은 한 가지 작업을 위한 패널 배치입니다. 패널을 끌어 옮기거나, 탭으로 묶거나, 크기를 바꾸거나, 닫아도
화면이 그대로 기억합니다. &lt;i&gt;보기 ▸ 배치 초기화&lt;/i&gt;를 누르면 현재 화면이 처음 배치로 돌아갑니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&lt;li&gt;&lt;b&gt;Explore&lt;/b&gt; (Ctrl+1) — the corpus and its word counts; the text you type, drawn as
tokens over the original characters, with the normalized text and the pre-tokens; the
&lt;b&gt;Offsets&lt;/b&gt; table (one row per token: id, token, character span, word) and the
&lt;b&gt;Groupings&lt;/b&gt; (tokens grouped back into words and entities).&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;탐색&lt;/b&gt; (Ctrl+1) — 말뭉치와 단어 빈도, 입력한 텍스트를 원래 문자 위에 토큰으로 그린 모습과
정규화한 텍스트 및 사전 토큰, &lt;b&gt;오프셋&lt;/b&gt; 표 (토큰마다 한 행: id, 토큰, 문자 범위, 단어),
&lt;b&gt;단어 묶음&lt;/b&gt; (토큰을 다시 단어와 개체로 묶은 것).&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&lt;li&gt;&lt;b&gt;Train&lt;/b&gt; (Ctrl+2) — algorithm, vocabulary size and options, live progress and curves;
the &lt;b&gt;Merge history&lt;/b&gt;: every merge with its count, the runner-up pair and ties, a replay slider
that re-encodes the text as it was after merge &lt;i&gt;n&lt;/i&gt;, and the merge tree of a token.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;학습&lt;/b&gt; (Ctrl+2) — 알고리즘, 어휘 크기와 옵션, 실시간 진행 상황과 곡선,
&lt;b&gt;병합 기록&lt;/b&gt;: 모든 병합과 그 횟수, 차점 쌍과 동점, 병합 &lt;i&gt;n&lt;/i&gt; 직후의 상태로 텍스트를 다시 인코딩하는
재생 슬라이더, 토큰의 병합 트리.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+5" />
        <source>&lt;li&gt;&lt;b&gt;Compare&lt;/b&gt; (Ctrl+3) — several tokenizers side by side on the same text, and their
figures on the corpus (tokens per word, chars per token, unknown rate).&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;비교&lt;/b&gt; (Ctrl+3) — 같은 텍스트에 대한 여러 토크나이저를 나란히 보고,
말뭉치에서의 수치(단어당 토큰 수, 토큰당 문자 수, UNK 비율)를 비교합니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&lt;li&gt;&lt;b&gt;Unseen words&lt;/b&gt; (Ctrl+4) — retrains on part of the corpus and shows how the held-out
words are split.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;처음 보는 단어&lt;/b&gt; (Ctrl+4) — 말뭉치 일부로 다시 학습하고 홀드아웃한
단어가 어떻게 나뉘는지 보여 줍니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&lt;li&gt;&lt;b&gt;Statistics&lt;/b&gt; (Ctrl+5) — corpus-wide figures of the current tokenizer: the
chars-per-token curve, token lengths and how much of the vocabulary is used.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;통계&lt;/b&gt; (Ctrl+5) — 현재 토크나이저의 말뭉치 전체 수치:
토큰당 문자 수 곡선, 토큰 길이, 어휘가 얼마나 쓰이는지.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&lt;li&gt;&lt;b&gt;Vocabulary&lt;/b&gt; (Ctrl+6) — every token with its id, readable and raw form, merge rank or
score, length and corpus frequency; search by substring, regex or id; ids ↔ text.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;어휘&lt;/b&gt; (Ctrl+6) — 모든 토큰과 그 id, 읽기 쉬운 형태와 원형, 병합 순위 또는
점수, 길이, 말뭉치 빈도. 부분 문자열, 정규식, id로 검색하고 id ↔ 텍스트를 변환합니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&lt;li&gt;&lt;b&gt;Long text&lt;/b&gt; (Ctrl+7) — the text cut into the windows a model reads: at most
&lt;i&gt;max_length&lt;/i&gt; tokens each (special tokens included), neighbours sharing &lt;i&gt;stride&lt;/i&gt;
tokens (the bar under them), as &lt;code&gt;enable_truncation(max_length, stride, strategy,
direction)&lt;/code&gt; and &lt;code&gt;encoding.overflowing&lt;/code&gt; make them. Type a question to see
question answering's windows: with &lt;i&gt;only_second&lt;/i&gt; every window repeats the question and
cuts only the text (&lt;b&gt;Like QA&lt;/b&gt; sets transformers' 384 / 128). Each window says which
characters of the text its offsets cover; click a token to outline it in every window that
holds it. The Encoding pane next to it edits the text.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;긴 텍스트&lt;/b&gt; (Ctrl+7) — 모델이 읽는 윈도우로 자른 텍스트: 윈도우마다 토큰은 최대
&lt;i&gt;max_length&lt;/i&gt;개 (특수 토큰 포함), 이웃 윈도우는 &lt;i&gt;stride&lt;/i&gt;개 토큰을 공유하며 (아래 막대),
&lt;code&gt;enable_truncation(max_length, stride, strategy, direction)&lt;/code&gt;과
&lt;code&gt;encoding.overflowing&lt;/code&gt;이 만드는 그대로입니다. 질문을 입력하면
질의응답의 윈도우가 보입니다: &lt;i&gt;only_second&lt;/i&gt;이면 모든 윈도우가 질문을 되풀이하고
텍스트만 자릅니다 (&lt;b&gt;QA처럼&lt;/b&gt;은 transformers의 384 / 128로 설정). 각 윈도우는 오프셋이
덮는 텍스트 문자 범위를 알려 줍니다. 토큰을 누르면 그 토큰이 든 모든 윈도우에서 테두리가
그려집니다. 옆의 인코딩 패널에서 텍스트를 편집합니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+10" />
        <source>&lt;li&gt;&lt;b&gt;Build&lt;/b&gt; (Ctrl+8) — a tokenizer block by block: normalizers and pre-tokenizers in
order, the model with its trainer options, the post-processor template and the decoder. Each
stage's output on the text shows as you edit (the normalized text with its alignments, the
pre-tokens with their offsets). &lt;b&gt;Starting point&lt;/b&gt; fills every block from the course's
BERT, GPT-2 and XLNet builds or one of the four presets; &lt;b&gt;Train all four at&lt;/b&gt; trains the
presets at one size and compares them.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;만들기&lt;/b&gt; (Ctrl+8) — 토크나이저를 블록별로 만듭니다: 순서대로 놓인 정규화기와 사전
토크나이저, 트레이너 옵션을 갖춘 모델, 후처리기 템플릿과 디코더. 편집하는 동안 각 단계가
텍스트에 낸 출력이 보입니다 (정규화한 텍스트와 그 정렬, 사전 토큰과 그 오프셋). &lt;b&gt;시작점&lt;/b&gt;은
강좌의 BERT, GPT-2, XLNet 구성이나 프리셋 네 가지 중 하나로 모든 블록을 채웁니다.
&lt;b&gt;네 가지 모두 학습&lt;/b&gt;은 프리셋을 한 크기로 학습해 비교합니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+8" />
        <source>&lt;li&gt;&lt;b&gt;Lessons&lt;/b&gt; (Ctrl+9) — the worked examples of the course notes, step by step
(Alt+← / Alt+→): byte-pair compression, classic BPE, and BPE, WordPiece and Unigram on the
hug corpus. Every figure is computed by the library; where the notes slip, the step says so
and gives the correct figure. Each step's tokenizer is shown beside it, on the step's text
or yours; your own text and tokenizers stay as they are, and Keep this tokenizer adds the
step's tokenizer to them.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;강의&lt;/b&gt; (Ctrl+9) — 강의 노트의 풀이 예제를 단계별로 (Alt+← / Alt+→): 바이트 쌍 압축,
고전 BPE, 그리고 hug 말뭉치에서의 BPE, WordPiece, Unigram. 모든 수치는 라이브러리가
계산합니다. 노트가 틀린 곳은 그 단계가 알려 주고 올바른 수치를 보여 줍니다. 각 단계의
토크나이저는 그 옆에서 단계의 텍스트나 직접 입력한 텍스트에 적용됩니다. 내 텍스트와 토크나이저는
그대로이며, '이 토크나이저 보관'을 누르면 단계의 토크나이저가 내 목록에 추가됩니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+8" />
        <source>&lt;li&gt;&lt;b&gt;Languages&lt;/b&gt; (Ctrl+0) — a parallel corpus (the bundled sample of 14 languages, or a
folder of one file per language such as FLORES-200's, a TSV/CSV with a column per language,
JSONL with a language field) measured with every open tokenizer: tokens, characters and bytes
per token, tokens per word, the &lt;i&gt;premium&lt;/i&gt; against a pivot language, vocabulary use, Rényi
efficiency and the unknown rate, as bars and a table; the Lorenz curve and Gini of the
per-language token counts; one sentence in every language as token rows. &lt;b&gt;Merges&lt;/b&gt;
replays the current BPE's merges once: what each merge saved in each language, and premium
and Gini at every vocabulary size. Click a point or a row to select that merge in the
merge history beside it. &lt;code&gt;subword languages&lt;/code&gt; prints the same table.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;언어&lt;/b&gt; (Ctrl+0) — 병렬 코퍼스(14개 언어의 내장 샘플, FLORES-200처럼 언어마다 파일
하나인 폴더, 언어마다 열 하나인 TSV/CSV, 언어 필드가 있는 JSONL)를 열려 있는 모든
토크나이저로 측정합니다: 토큰 수, 토큰당 문자와 바이트, 단어당 토큰 수, 기준 언어에 대한
&lt;i&gt;프리미엄&lt;/i&gt;, 어휘 사용, 레니 효율, 미등록 비율을 막대와 표로 보여 주고, 언어별 토큰 수의
로렌츠 곡선과 지니 계수, 모든 언어로 된 한 문장을 토큰 행으로 보여 줍니다. &lt;b&gt;병합&lt;/b&gt;은
현재 BPE의 병합을 한 번 재생해 각 병합이 언어마다 줄인 토큰 수와 어휘 크기마다의 프리미엄과
지니 계수를 보여 줍니다. 점이나 행을 누르면 옆의 병합 기록에서 그 병합을 선택합니다.
&lt;code&gt;subword languages&lt;/code&gt;가 같은 표를 출력합니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+11" />
        <source>&lt;li&gt;&lt;b&gt;Conformance&lt;/b&gt; (Ctrl+Shift+1) — where two tokenizers that should be the same model
part (say one opened from &lt;code&gt;tokenizer.json&lt;/code&gt;, the other from its &lt;code&gt;.model&lt;/code&gt;):
built-in probe texts and the corpus's first lines are encoded by both; you see how many
agree, the first differing text shrunk to its shortest differing part, the stage where the
two part (normalized text, pre-tokens, model, post-processing) and both encodings side by
side. &lt;code&gt;subword diff A B&lt;/code&gt; does the same in a shell.&lt;/li&gt;</source>
        <translation>&lt;li&gt;&lt;b&gt;일치 검사&lt;/b&gt; (Ctrl+Shift+1) — 같은 모델이어야 할 두 토크나이저(예: 하나는 &lt;code&gt;tokenizer.json&lt;/code&gt;에서,
다른 하나는 그 &lt;code&gt;.model&lt;/code&gt;에서 연 것)가 갈라지는 곳: 내장 검사 텍스트와 말뭉치의 처음 줄들을 둘 다
인코딩해, 몇 개가 일치하는지, 첫 번째 차이 텍스트를 가장 짧은 차이 부분으로 줄인 것, 둘이 갈라지는
단계(정규화된 텍스트, 사전 토큰, 모델, 후처리), 두 인코딩을 나란히 보여 줍니다.
셸에서는 &lt;code&gt;subword diff A B&lt;/code&gt;가 같은 일을 합니다.&lt;/li&gt;</translation>
    </message>
    <message>
        <location line="+10" />
        <source>&lt;h3&gt;How the panes link&lt;/h3&gt;
&lt;p&gt;Panes share one selection: clicking a token, a row of a table or a merge selects it
everywhere (the same characters in the text, the same ids in the tables, its merge in the
history). The tokenizer bar picks which tokenizer every pane shows.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;패널 연결 방식&lt;/h3&gt;
&lt;p&gt;모든 패널은 선택을 하나로 공유합니다: 토큰, 표의 행, 병합을 누르면 어디서나 선택됩니다
(텍스트에서는 같은 문자, 표에서는 같은 id, 기록에서는 그 병합). 토크나이저 막대에서
모든 패널이 보여 줄 토크나이저를 고릅니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&lt;h3&gt;Reading tokens&lt;/h3&gt;
&lt;p&gt;&lt;b&gt;␣&lt;/b&gt; is a space inside a token, &lt;b&gt;⟨C3⟩&lt;/b&gt; a single byte of a byte-level token that is
not a whole character on its own, &lt;b&gt;##&lt;/b&gt; a WordPiece continuation, &lt;b&gt;▁&lt;/b&gt; a SentencePiece
word start.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;토큰 읽는 법&lt;/h3&gt;
&lt;p&gt;&lt;b&gt;␣&lt;/b&gt;는 토큰 안의 공백, &lt;b&gt;⟨C3⟩&lt;/b&gt;는 그 자체로는 온전한 문자가 아닌 바이트 수준 토큰의
바이트 하나, &lt;b&gt;##&lt;/b&gt;는 WordPiece의 이어지는 조각, &lt;b&gt;▁&lt;/b&gt;는 SentencePiece의
단어 시작입니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&lt;h3&gt;Your work&lt;/h3&gt;
&lt;p&gt;The corpus, the tokenizers (trained ones are kept in the app's data folder), the compare
list, the text and the active view come back when you start again. &lt;i&gt;Edit ▸ Undo&lt;/i&gt;
(Ctrl+Z) brings back a removed tokenizer, or the corpus that loading another one replaced.
Drop a tokenizer file on the window to open it (it is recognised by its content, whatever
its name), or a text file to load it as the corpus. In the text input, Tab moves to the next
control and Ctrl+Tab types a tab.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;작업 보존&lt;/h3&gt;
&lt;p&gt;말뭉치, 토크나이저 (학습한 것은 앱의 데이터 폴더에 보관), 비교 목록,
텍스트, 현재 화면은 다시 시작해도 그대로 돌아옵니다. &lt;i&gt;편집 ▸ 실행 취소&lt;/i&gt;(Ctrl+Z)를 누르면
제거한 토크나이저나, 다른 말뭉치를 불러와 바뀐 말뭉치가 돌아옵니다. 창에 토크나이저 파일을
끌어 놓으면 열리고 (이름이 무엇이든 내용으로 알아봅니다), 텍스트 파일을 끌어 놓으면 말뭉치로
불러옵니다. 텍스트 입력란에서 Tab은 다음 컨트롤로 이동하고, Ctrl+Tab은 탭 문자를 입력합니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+9" />
        <source>&lt;h3&gt;Your own tokenizer&lt;/h3&gt;
&lt;p&gt;&lt;i&gt;File ▸ Open tokenizer&lt;/i&gt; (Ctrl+Shift+O) reads a tokenizer.json, a SentencePiece
&lt;b&gt;.model&lt;/b&gt;, a &lt;b&gt;.tiktoken&lt;/b&gt; file, GPT-2's &lt;b&gt;vocab.json&lt;/b&gt; + &lt;b&gt;merges.txt&lt;/b&gt;, a BERT
&lt;b&gt;vocab.txt&lt;/b&gt;, a subword-nmt &lt;b&gt;codes&lt;/b&gt; file or a TFDS &lt;b&gt;.subwords&lt;/b&gt; file; &lt;i&gt;Open
tokenizer folder&lt;/i&gt; (Ctrl+Shift+F) a model folder or hub cache snapshot. Dropping any of them on
the window works too; the tokenizer bar says what was opened and what was guessed.
&lt;i&gt;Training ▸ Retrain on this corpus&lt;/i&gt; (Ctrl+Shift+T, or &lt;b&gt;Retrain…&lt;/b&gt; in the tokenizer bar)
learns the current tokenizer's model again on the loaded corpus, keeping its normalizer,
pre-tokenizer, special tokens and post-processor, then compares old and new on the corpus
(tokens per document, characters per token, shared boundaries). &lt;i&gt;File ▸ Save for
transformers&lt;/i&gt; writes a folder that &lt;code&gt;AutoTokenizer.from_pretrained&lt;/code&gt; loads.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;내 토크나이저&lt;/h3&gt;
&lt;p&gt;&lt;i&gt;파일 ▸ 토크나이저 열기&lt;/i&gt; (Ctrl+Shift+O)는 tokenizer.json, SentencePiece
&lt;b&gt;.model&lt;/b&gt;, &lt;b&gt;.tiktoken&lt;/b&gt; 파일, GPT-2의 &lt;b&gt;vocab.json&lt;/b&gt; + &lt;b&gt;merges.txt&lt;/b&gt;, BERT의
&lt;b&gt;vocab.txt&lt;/b&gt;, subword-nmt &lt;b&gt;codes&lt;/b&gt; 파일, TFDS &lt;b&gt;.subwords&lt;/b&gt; 파일을 읽고, &lt;i&gt;토크나이저
폴더 열기&lt;/i&gt; (Ctrl+Shift+F)는 모델 폴더나 허브 캐시 스냅숏을 읽습니다. 이 파일들을 창에 끌어 놓아도
됩니다. 토크나이저 막대에 무엇을 열었고 무엇을 추측했는지 나옵니다.
&lt;i&gt;학습 ▸ 이 말뭉치로 재학습&lt;/i&gt; (Ctrl+Shift+T, 또는 토크나이저 막대의 &lt;b&gt;재학습…&lt;/b&gt;)은
현재 토크나이저의 정규화기, 사전 토크나이저, 특수 토큰, 후처리기는 그대로 두고 모델만
불러온 말뭉치로 다시 학습한 뒤, 말뭉치에서 이전 것과 새 것을 비교합니다
(문서당 토큰 수, 토큰당 문자 수, 공통 경계). &lt;i&gt;파일 ▸ transformers용으로
저장&lt;/i&gt;은 &lt;code&gt;AutoTokenizer.from_pretrained&lt;/code&gt;가 불러오는 폴더를 씁니다.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../i18n.py" line="+39" />
        <source>System language</source>
        <extracomment>The choices of View ▸ Language: (setting, menu text). The language names are written in their own language, so a user who cannot read the current one still finds theirs.</extracomment>
        <translation>시스템 언어</translation>
    </message>
    <message>
        <location line="+81" />
        <source>&amp;Language</source>
        <extracomment>Overrides what the system locale says (tests, screenshots); a value of ``LANGUAGES``.</extracomment>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Show the interface in this language (the window is rebuilt at once)</source>
        <translation>화면을 이 언어로 표시합니다 (창이 곧바로 다시 만들어집니다)</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Change the language</source>
        <translation>언어 바꾸기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Changing the language rebuilds the window and stops the training or loading that is running. Change it now?</source>
        <translation>언어를 바꾸면 창을 다시 만들면서 진행 중인 학습이나 불러오기를 멈춥니다. 지금 바꿀까요?</translation>
    </message>
</context>
<context>
    <name>LanguagesPane</name>
    <message>
        <location filename="../panes/languages_pane.py" line="-67" />
        <source>premium (tokens ÷ pivot's)</source>
        <extracomment>Tokenizers measured at most (the first of the session's). The figures the bars can show: (key, label, value of a LanguageRow).</extracomment>
        <translation>프리미엄 (토큰 ÷ 기준 언어)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>tokens</source>
        <translation>토큰 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>characters per token</source>
        <translation>토큰당 문자 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>bytes per token</source>
        <translation>토큰당 바이트</translation>
    </message>
    <message>
        <location line="+2" />
        <source>tokens per word</source>
        <translation>단어당 토큰 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>vocabulary used (%)</source>
        <translation>사용한 어휘 (%)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Rényi efficiency</source>
        <translation>레니 효율</translation>
    </message>
    <message>
        <location line="+2" />
        <source>unknown or byte-fallback (%)</source>
        <translation>미등록 또는 바이트 대체 (%)</translation>
    </message>
    <message>
        <location line="+96" />
        <source>Bundled sample</source>
        <translation>내장 샘플</translation>
    </message>
    <message>
        <location line="+2" />
        <source>300 sentences in 14 languages and 9 scripts, written for this project</source>
        <translation>이 프로젝트를 위해 쓴 14개 언어, 9개 문자 체계의 문장 300개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open folder…</source>
        <translation>폴더 열기…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A folder of one file per language, named by its code (FLORES-200: eng_Latn.dev)</source>
        <translation>언어마다 파일 하나, 언어 코드를 이름으로 한 폴더 (FLORES-200: eng_Latn.dev)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open file…</source>
        <translation>파일 열기…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A TSV or CSV with one column per language, or JSONL with a language field</source>
        <translation>언어마다 열 하나인 TSV 또는 CSV, 또는 언어 필드가 있는 JSONL</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Premiums are tokens divided by this language's tokens</source>
        <translation>프리미엄은 이 언어의 토큰 수로 나눈 토큰 수입니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>The figure the bars show</source>
        <translation>막대가 보여 줄 수치</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Rényi efficiency's α (2.5: Zouhar et al.'s choice)</source>
        <translation>레니 효율의 α (2.5: 조우하르 외의 선택)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>observed types</source>
        <translation>관찰된 토큰 종류</translation>
    </message>
    <message>
        <location line="+1" />
        <location line="+63" />
        <location line="+6" />
        <source>vocabulary size</source>
        <translation>어휘 크기</translation>
    </message>
    <message>
        <location line="-67" />
        <source>Rényi efficiency divides by log₂ of this: the distinct tokens seen, or the whole vocabulary</source>
        <translation>레니 효율은 이 값의 log₂로 나눕니다: 나타난 서로 다른 토큰 수, 또는 어휘 전체</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Export…</source>
        <translation>내보내기…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Every number as CSV (or the shown plot as PNG)</source>
        <translation>모든 수치를 CSV로 (또는 보이는 그래프를 PNG로)</translation>
    </message>
    <message>
        <location line="+27" />
        <source>Per language</source>
        <translation>언어별</translation>
    </message>
    <message>
        <location line="+4" />
        <source>share of languages (fewest tokens first)</source>
        <translation>언어의 비율 (토큰이 적은 언어부터)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>share of tokens</source>
        <translation>토큰의 비율</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Lorenz curve</source>
        <translation>로렌츠 곡선</translation>
    </message>
    <message>
        <location line="+4" />
        <source>sentence </source>
        <translation>문장 </translation>
    </message>
    <message>
        <location line="+1" />
        <source>Which sentence of the corpus to show</source>
        <translation>보여 줄 코퍼스 문장</translation>
    </message>
    <message>
        <location line="+14" />
        <source>One sentence</source>
        <translation>한 문장</translation>
    </message>
    <message>
        <location line="+6" />
        <source>premium</source>
        <translation>프리미엄</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Gini</source>
        <translation>지니</translation>
    </message>
    <message>
        <location line="+26" />
        <source>Merges</source>
        <translation>병합</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The current tokenizer's merges (a BPE): which languages each one shortened, and premium and Gini after every merge, from one replay</source>
        <translation>현재 토크나이저(BPE)의 병합: 각 병합이 어떤 언어를 줄였는지, 그리고 병합마다의 프리미엄과 지니 계수 (한 번의 재생으로 계산)</translation>
    </message>
    <message>
        <location line="+34" />
        <source>Parallel corpus:</source>
        <translation>병렬 코퍼스:</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Pivot</source>
        <translation>기준 언어</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Bars</source>
        <translation>막대</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Rényi</source>
        <translation>레니</translation>
    </message>
    <message>
        <location line="+26" />
        <source>bundled sample</source>
        <translation>내장 샘플</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Open a parallel corpus folder</source>
        <translation>병렬 코퍼스 폴더 열기</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Open a parallel corpus file</source>
        <translation>병렬 코퍼스 파일 열기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Parallel corpora (*.tsv *.csv *.jsonl *.gz *.bz2 *.xz);;All files (*)</source>
        <translation>병렬 코퍼스 (*.tsv *.csv *.jsonl *.gz *.bz2 *.xz);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+46" />
        <source>Train or open a tokenizer first.</source>
        <translation>먼저 토크나이저를 학습하거나 여세요.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Measuring {n} tokenizers…</source>
        <translation>토크나이저 {n}개를 측정하는 중…</translation>
    </message>
    <message>
        <location line="+11" />
        <source>The merges of a BPE tokenizer are attributed to languages: make a BPE tokenizer current.</source>
        <translation>BPE 토크나이저의 병합을 언어별로 나눕니다: BPE 토크나이저를 현재 토크나이저로 고르세요.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Replaying the merges of {name}…</source>
        <translation>{name}의 병합을 재생하는 중…</translation>
    </message>
    <message>
        <location line="+13" />
        <source>Measuring… {progress}</source>
        <translation>측정하는 중… {progress}</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Measuring…</source>
        <translation>측정하는 중…</translation>
    </message>
    <message>
        <location line="+17" />
        <source>{languages} languages × {sentences} sentences; pivot {pivot}</source>
        <translation>{languages}개 언어 × 문장 {sentences}개; 기준 언어 {pivot}</translation>
    </message>
    <message>
        <location line="+90" />
        <source>{name} (Gini {gini})</source>
        <translation>{name} (지니 {gini})</translation>
    </message>
    <message>
        <location line="+41" />
        <source>This tokenizer has no merges to attribute.</source>
        <translation>이 토크나이저에는 나눌 병합이 없습니다.</translation>
    </message>
    <message>
        <location line="+3" />
        <source> (the replay differs slightly from the model's own encoding)</source>
        <translation> (재생 결과가 모델 자체의 인코딩과 조금 다릅니다)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{name}: {n} merges, {used} of them shortened this corpus; premium against {pivot}. Click a point or a row to select the merge.{note}</source>
        <translation>{name}: 병합 {n}개 중 {used}개가 이 코퍼스를 줄였습니다; 기준 언어 {pivot}에 대한 프리미엄. 점이나 행을 누르면 그 병합을 선택합니다.{note}</translation>
    </message>
    <message>
        <location line="+108" />
        <source>language figures</source>
        <translation>언어별 수치</translation>
    </message>
</context>
<context>
    <name>LatticeView</name>
    <message>
        <location filename="../widgets/lattice_view.py" line="+147" />
        <source>Select a word of a Unigram tokenizer to see its lattice.</source>
        <translation>Unigram 토크나이저의 단어를 고르면 격자가 나옵니다.</translation>
    </message>
    <message>
        <location line="+70" />
        <source>unknown node (min score − 10)</source>
        <translation>UNK 노드 (최저 점수 − 10)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>— on the best path</source>
        <translation>— 최적 경로 위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{piece}  [{start}, {end})  score {score}</source>
        <translation>{piece}  [{start}, {end})  점수 {score}</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Unigram lattice</source>
        <translation>Unigram 격자</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Every candidate piece of the word as an arc; the Viterbi best path is highlighted. The arrow keys move through the pieces.</source>
        <translation>단어의 모든 후보 조각을 호로 그립니다. Viterbi 최적 경로가 강조됩니다. 화살표 키로 조각 사이를 옮깁니다.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>{piece}, characters {start}–{end}, score {score:.2f}</source>
        <translation>{piece}, 문자 {start}–{end}, 점수 {score:.2f}</translation>
    </message>
    <message>
        <location line="+3" />
        <source>, on the best path</source>
        <translation>, 최적 경로 위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>unknown piece (lowest score − 10)</source>
        <translation>UNK 조각 (최저 점수 − 10)</translation>
    </message>
    <message>
        <location line="-26" />
        <location line="+27" />
        <source>piece id {id}</source>
        <translation>조각 id {id}</translation>
    </message>
</context>
<context>
    <name>LessonsPane</name>
    <message>
        <location filename="../panes/lessons_pane.py" line="+168" />
        <source>The worked examples of the course notes</source>
        <extracomment>Figure keys whose argument is a word: clicking such a row shows that word's trace.</extracomment>
        <translation>강의 노트의 풀이 예제</translation>
    </message>
    <message>
        <location line="+1" />
        <source>◀ Back</source>
        <translation>◀ 이전</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The previous step (Alt+Left or Page Up)</source>
        <translation>이전 단계 (Alt+← 또는 Page Up)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Next ▶</source>
        <translation>다음 ▶</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The next step (Alt+Right or Page Down)</source>
        <translation>다음 단계 (Alt+→ 또는 Page Down)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Every figure of the step, computed by subword_core; the notes' figures first. Click a word's row to see how it is cut below</source>
        <translation>subword_core가 계산한 이 단계의 모든 수치 (노트의 수치가 먼저). 단어의 줄을 누르면 아래에 어떻게 잘리는지 나옵니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>How the step's model cuts the word, step by step</source>
        <translation>이 단계의 모델이 단어를 자르는 과정, 단계별로</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Figure</source>
        <translation>수치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Value</source>
        <translation>값</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Decimal</source>
        <translation>소수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How</source>
        <translation>계산 방법</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The notes say</source>
        <translation>노트의 값</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Check</source>
        <translation>확인</translation>
    </message>
    <message>
        <location line="+7" />
        <source>✓ agrees</source>
        <translation>✓ 일치</translation>
    </message>
    <message>
        <location line="+0" />
        <source>= tie</source>
        <translation>= 동점</translation>
    </message>
    <message>
        <location line="+1" />
        <source>✗ slip</source>
        <translation>✗ 실수</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Cannot read the lessons: %1</source>
        <translation>강의를 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <location line="+55" />
        <source>No lessons found in %1</source>
        <translation>%1에서 강의를 찾지 못했습니다</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Lesson</source>
        <translation>강의</translation>
    </message>
    <message>
        <location line="+23" />
        <source>Step %1 of %2</source>
        <translation>%2단계 중 %1단계</translation>
    </message>
    <message>
        <location line="+63" />
        <source>Already kept as %1</source>
        <translation>이미 %1(으)로 보관했습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Lesson: %1, step %2</source>
        <translation>강의: %1, %2단계</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Kept %1: pick it in the tokenizer list to use it in the other views</source>
        <translation>%1을(를) 보관했습니다. 다른 보기에서 쓰려면 토크나이저 목록에서 고르세요</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="+90" />
        <location line="+651" />
        <source>Subword Explorer</source>
        <extracomment>Seconds closing waits for trained tokenizers still being written in the pool; the rest are then written on the GUI thread: the user's tokenizers are never lost. The window must fit a 1366x768 laptop screen (with a panel and a title bar).</extracomment>
        <translation>서브워드 탐색기</translation>
    </message>
    <message>
        <location line="-615" />
        <source>Corpus</source>
        <extracomment>the session's trainings, for the Train and the Build view alike</extracomment>
        <translation>말뭉치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Training</source>
        <translation>학습</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Encoding</source>
        <translation>인코딩</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Offsets</source>
        <translation>오프셋</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Groupings</source>
        <translation>단어 묶음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Merge history</source>
        <translation>병합 기록</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Lessons</source>
        <translation>강의</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Tokenizers</source>
        <translation>토크나이저</translation>
    </message>
    <message>
        <location line="-9" />
        <source>Vocabulary</source>
        <translation>어휘</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ids ↔ text</source>
        <translation>id ↔ 텍스트</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Build</source>
        <translation>만들기</translation>
    </message>
    <message>
        <location line="+176" />
        <source>Views</source>
        <translation>화면</translation>
    </message>
    <message>
        <location line="+11" />
        <source>{tip} ({key})</source>
        <translation>{tip} ({key})</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Hint</source>
        <translation>도움말</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Got it</source>
        <translation>알겠습니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Hide this hint (Help ▸ Views and panes has it all)</source>
        <translation>이 안내를 숨깁니다 (도움말 ▸ 화면과 패널에 모두 있습니다)</translation>
    </message>
    <message>
        <location line="+22" />
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Open &amp;corpus…</source>
        <translation>말뭉치 열기(&amp;C)…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open corpus &amp;folder…</source>
        <translation>말뭉치 폴더 열기(&amp;F)…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open &amp;tokenizer…</source>
        <translation>토크나이저 열기(&amp;T)…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>tokenizer.json, SentencePiece .model, .tiktoken, vocab.json + merges.txt, BERT vocab.txt, subword-nmt codes or TFDS .subwords</source>
        <translation>tokenizer.json, SentencePiece .model, .tiktoken, vocab.json + merges.txt, BERT vocab.txt, subword-nmt codes, TFDS .subwords</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open tokenizer &amp;with options…</source>
        <translation>옵션을 지정해 토크나이저 열기(&amp;W)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Say the format, a .tiktoken file's encoding or a SentencePiece model's pipeline instead of letting them be detected or guessed</source>
        <translation>자동 감지나 추측에 맡기지 않고 형식, .tiktoken 파일의 인코딩, SentencePiece 모델의 파이프라인을 직접 지정합니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Open tokenizer f&amp;older…</source>
        <translation>토크나이저 폴더 열기(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A model folder (hub cache snapshot, save_pretrained output)</source>
        <translation>모델 폴더 (허브 캐시 스냅숏, save_pretrained 출력)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&amp;Save tokenizer.json…</source>
        <translation>tokenizer.json 저장(&amp;S)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save for t&amp;ransformers…</source>
        <translation>transformers용으로 저장(&amp;R)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>A folder that transformers.AutoTokenizer.from_pretrained loads</source>
        <translation>transformers.AutoTokenizer.from_pretrained가 불러오는 폴더</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Save training &amp;history…</source>
        <translation>학습 기록 저장(&amp;H)…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Recent files</source>
        <translation>최근 파일(&amp;R)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&amp;Quit</source>
        <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Edit</source>
        <translation>편집(&amp;E)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Bring back the tokenizer removed last, or the corpus a load replaced</source>
        <translation>마지막으로 제거한 토크나이저나, 불러오기로 바뀐 말뭉치를 되돌립니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Training</source>
        <translation>학습(&amp;T)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Train</source>
        <translation>학습(&amp;T)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Cancel training</source>
        <translation>학습 취소(&amp;C)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;Retrain on this corpus…</source>
        <translation>이 말뭉치로 재학습(&amp;R)…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Train the current tokenizer's pipeline (normalizer, pre-tokenizer, special tokens, post-processor) on the loaded corpus, then compare old and new</source>
        <translation>현재 토크나이저의 파이프라인(정규화기, 사전 토크나이저, 특수 토큰, 후처리기)으로 불러온 말뭉치에서 학습한 뒤 이전 것과 새 것을 비교합니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>&amp;Reset layout</source>
        <translation>배치 초기화(&amp;R)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Put the docks of this view back where they were at first</source>
        <translation>이 화면의 패널을 처음 위치로 되돌립니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Panes</source>
        <translation>패널(&amp;P)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Views and panes</source>
        <translation>화면과 패널(&amp;V)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;About</source>
        <translation>정보(&amp;A)</translation>
    </message>
    <message>
        <location line="+38" />
        <source>Open tokenizer</source>
        <translation>토크나이저 열기</translation>
    </message>
    <message>
        <location line="+33" />
        <source>tokenizer</source>
        <translation>토크나이저</translation>
    </message>
    <message>
        <location line="+0" />
        <source>corpus</source>
        <translation>말뭉치</translation>
    </message>
    <message>
        <location line="+24" />
        <source>No bundled sample corpus found under resources/corpora.</source>
        <translation>resources/corpora 아래에 함께 제공되는 예제 말뭉치가 없습니다.</translation>
    </message>
    <message>
        <location line="+21" />
        <location line="+6" />
        <location line="+11" />
        <source>Retrain on this corpus</source>
        <translation>이 말뭉치로 재학습</translation>
    </message>
    <message>
        <location line="-16" />
        <source>Open a tokenizer and a corpus first: retraining learns the tokenizer's model again on the corpus, keeping its pipeline.</source>
        <translation>먼저 토크나이저와 말뭉치를 여세요: 재학습은 파이프라인은 그대로 두고 토크나이저의 모델을 말뭉치에서 다시 학습합니다.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>A training is running; wait for it or cancel it first.</source>
        <translation>학습이 진행 중입니다. 끝날 때까지 기다리거나 먼저 취소하세요.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Cannot retrain</source>
        <translation>재학습할 수 없습니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{name} has a {model} model, which has no trainer: only BPE, WordPiece and Unigram models can be retrained.</source>
        <translation>{name}의 모델은 {model}이며 트레이너가 없습니다: BPE, WordPiece, Unigram 모델만 재학습할 수 있습니다.</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Learn {name}'s model again on {corpus},
keeping its normalizer, pre-tokenizer, special tokens and post-processor.

Vocabulary size:</source>
        <translation>{name}의 모델을 {corpus}에서 다시 학습합니다.
정규화기, 사전 토크나이저, 특수 토큰, 후처리기는 그대로 둡니다.

어휘 크기:</translation>
    </message>
    <message>
        <location line="+46" />
        <source>The last corpus is gone: {paths}</source>
        <translation>지난번 말뭉치가 없습니다: {paths}</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Restoring {n} tokenizer(s)…</source>
        <translation>토크나이저 {n}개를 복원하는 중…</translation>
    </message>
    <message>
        <location line="+29" />
        <source>Could not restore {what}</source>
        <translation>복원하지 못했습니다: {what}</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Restored {name}</source>
        <translation>{name}을(를) 복원했습니다</translation>
    </message>
    <message>
        <location line="+24" />
        <location line="+17" />
        <source>Could not keep the session for next time: {error}</source>
        <translation>다음을 위해 세션을 저장하지 못했습니다: {error}</translation>
    </message>
    <message>
        <location line="+19" />
        <source>current: {name}</source>
        <translation>현재: {name}</translation>
    </message>
    <message>
        <location line="+1" />
        <source>no tokenizer</source>
        <translation>토크나이저 없음</translation>
    </message>
    <message>
        <location line="+25" />
        <source>Subword Explorer — views and panes</source>
        <translation>서브워드 탐색기 — 화면과 패널</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Train, inspect and compare subword tokenizers.
Everything shown is computed by subword_core.</source>
        <translation>서브워드 토크나이저를 학습하고, 살펴보고, 비교합니다.
보이는 모든 것은 subword_core가 계산합니다.</translation>
    </message>
    <message>
        <location line="+113" />
        <source>Unsaved tokenizers</source>
        <translation>저장하지 않은 토크나이저</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} trained tokenizer(s) were never saved to a file: {names}.

They come back when you start the explorer again, but only File ▸ Save gives you a tokenizer.json of your own. Quit anyway?</source>
        <translation>학습한 토크나이저 {n}개를 아직 파일로 저장하지 않았습니다: {names}.

탐색기를 다시 시작하면 돌아오지만, 내 tokenizer.json 파일은 파일 ▸ 저장으로만 얻을 수 있습니다. 그래도 끝낼까요?</translation>
    </message>
</context>
<context>
    <name>MergeTreeView</name>
    <message>
        <location filename="../widgets/merge_tree_view.py" line="+21" />
        <source>token</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="+0" />
        <source>merge rank</source>
        <translation>병합 순위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The token and the two parts each merge joined (␣ is a space, ⟨C3⟩ one byte)</source>
        <translation>토큰과 각 병합이 이어 붙인 두 부분 (␣ = 공백, ⟨C3⟩ = 바이트 하나)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The rank of the merge that built this part (base: a symbol of the alphabet, built by no merge)</source>
        <translation>이 부분을 만든 병합의 순위 (기본: 병합 없이 알파벳에 있는 기호)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>How the selected token was built by merges, down to base symbols</source>
        <translation>선택한 토큰이 병합으로 만들어진 과정 (기본 기호까지)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>base</source>
        <translation>기본</translation>
    </message>
</context>
<context>
    <name>MergesPane</name>
    <message>
        <location filename="../panes/merges_pane.py" line="+72" />
        <source>A Unigram model has no merges: it keeps pieces with log-probabilities and cuts each word into its most likely pieces. The Unseen words view shows that lattice for any word.</source>
        <translation>Unigram 모델에는 병합이 없습니다: 로그 확률이 붙은 조각을 두고 각 단어를 가장 그럴듯한 조각들로 자릅니다. 처음 보는 단어 화면에서 어떤 단어든 그 격자를 볼 수 있습니다.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>This WordPiece file has no merges: it stores only the vocabulary, and encoding takes the longest match. Train a WordPiece tokenizer here to see the merges that built it.</source>
        <translation>이 WordPiece 파일에는 병합이 없습니다: 어휘만 저장하며 인코딩은 가장 긴 일치를 고릅니다. 여기서 WordPiece 토크나이저를 학습하면 어휘를 만든 병합을 볼 수 있습니다.</translation>
    </message>
    <message>
        <location line="+54" />
        <source>Search merges…</source>
        <extracomment>Rows measured when the history's columns are fitted to their contents. A column no wider than this (a 60-character byte-level token is cut, its tooltip whole).</extracomment>
        <translation>병합 검색…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Show only merges whose left part, right part or result contains this text (as shown, or raw), or whose rank is this number</source>
        <translation>왼쪽, 오른쪽, 결과에 이 텍스트가 들어 있거나 (표시형 또는 원형) 순위가 이 숫자인 병합만 보입니다</translation>
    </message>
    <message>
        <location line="+3" />
        <location line="+183" />
        <source>Where the rows come from</source>
        <translation>행의 출처</translation>
    </message>
    <message>
        <location line="-171" />
        <source>The merges in the order they were learned; select one to see every token built with it</source>
        <translation>학습된 순서대로 나열한 병합. 하나를 고르면 그 병합으로 만든 모든 토큰이 보입니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>token</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="+0" />
        <source>merge rank</source>
        <translation>병합 순위</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The selected token and the two parts each merge joined, down to single characters or bytes</source>
        <translation>선택한 토큰과 각 병합이 합친 두 부분 (낱글자나 바이트까지)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Rank of the merge that built the token (base: a character or byte of the alphabet)</source>
        <translation>토큰을 만든 병합의 순위 (기본: 알파벳의 문자나 바이트)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Merge tree: how the selected token was built</source>
        <translation>병합 트리: 선택한 토큰이 만들어진 과정</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Replay: encode the text with only the first N merges</source>
        <translation>재생: 처음 N개의 병합만으로 텍스트를 인코딩합니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Merges used by the replay, and the tokens they give</source>
        <translation>재생에 쓰인 병합과 그 결과 토큰</translation>
    </message>
    <message>
        <location line="+36" />
        <source>Replay</source>
        <translation>재생</translation>
    </message>
    <message>
        <location line="+64" />
        <source>No tokenizer yet: train one or open a tokenizer.json.</source>
        <translation>아직 토크나이저가 없습니다: 학습하거나 tokenizer.json을 여세요.</translation>
    </message>
    <message>
        <location line="+9" />
        <location line="+4" />
        <source>reading the merges…</source>
        <translation>병합을 읽는 중…</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Cannot read the merges: {error}</source>
        <translation>병합을 읽을 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+12" />
        <source>{n} Unigram rounds (a Unigram model has no merges)</source>
        <translation>Unigram 라운드 {n}회 (Unigram 모델에는 병합이 없음)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>A {model} model has no merges.</source>
        <translation>{model} 모델에는 병합이 없습니다.</translation>
    </message>
    <message>
        <location line="+13" />
        <source>training history</source>
        <translation>학습 기록</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the file's merges; counts unknown</source>
        <translation>파일의 병합, 횟수는 알 수 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} merges ({source})</source>
        <translation>병합 {n}개 ({source})</translation>
    </message>
    <message>
        <location line="+24" />
        <location line="+56" />
        <source>no merges</source>
        <translation>병합 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>This model has no merges: the token is a vocabulary entry</source>
        <translation>이 모델에는 병합이 없습니다: 이 토큰은 어휘 항목입니다</translation>
    </message>
    <message>
        <location line="+9" />
        <source>base</source>
        <translation>기본</translation>
    </message>
    <message>
        <location line="+24" />
        <source>searching…</source>
        <translation>검색하는 중…</translation>
    </message>
    <message>
        <location line="+13" />
        <source>{shown} of {total} merges match {text}</source>
        <translation>병합 {total}개 중 {shown}개가 {text}와(과) 일치</translation>
    </message>
    <message>
        <location line="+6" />
        <location line="+30" />
        <location line="+20" />
        <source>{n} / {total} merges</source>
        <translation>병합 {n} / {total}</translation>
    </message>
    <message>
        <location line="-26" />
        <source>no merges to replay</source>
        <translation>재생할 병합 없음</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Nothing to replay: this tokenizer has no merges.</source>
        <translation>재생할 것이 없습니다: 이 토크나이저에는 병합이 없습니다.</translation>
    </message>
    <message>
        <location line="+1" />
        <source>No tokenizer yet.</source>
        <translation>아직 토크나이저가 없습니다.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>{n} / {total} merges → replaying…</source>
        <translation>병합 {n} / {total} → 재생하는 중…</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Cannot encode the text with the first merge: {error}</source>
        <translation>첫 병합만으로는 텍스트를 인코딩할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Cannot encode the text with the first {n} merges: {error}</source>
        <translation>처음 {n}개의 병합으로 텍스트를 인코딩할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+9" />
        <source>{n} / {total} merges → {tokens} tokens</source>
        <translation>병합 {n} / {total} → 토큰 {tokens}개</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <location filename="../panes/groupings_pane/model_page.py" line="+44" />
        <source>Open model folder…</source>
        <translation>모델 폴더 열기…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Open a transformers token-classification model folder (config.json, weights and tokenizer files); it is read from disk only, nothing is downloaded</source>
        <translation>transformers 토큰 분류 모델 폴더(config.json, 가중치, 토크나이저 파일)를 엽니다. 디스크에서만 읽고 아무것도 내려받지 않습니다</translation>
    </message>
    <message>
        <location line="+8" />
        <source>transformers' aggregation_strategy: none = one row per token; simple = merge neighbours with the same entity; first / average / max = one label per word from its first token, the mean of its tokens' scores, or its most confident token</source>
        <translation>transformers의 aggregation_strategy: none = 토큰마다 한 줄, simple = 개체가 같은 이웃을 합침, first / average / max = 단어마다 첫 토큰, 토큰 점수의 평균, 가장 확신하는 토큰으로 레이블 하나</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Stop loading or running the model</source>
        <translation>모델 불러오기나 실행을 멈춥니다</translation>
    </message>
    <message>
        <location line="+16" />
        <source>The pipeline's output (labels O dropped); select a row to select its span everywhere</source>
        <translation>파이프라인의 출력 (레이블 O는 뺌). 줄을 고르면 그 범위가 모든 곳에서 선택됩니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Every token the model labelled (special tokens left out), with the pipeline's sub-word guess</source>
        <translation>모델이 레이블을 붙인 모든 토큰 (특수 토큰 제외)과 파이프라인의 하위 단어 추정</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Cannot run the model: {0}</source>
        <translation>모델을 실행할 수 없습니다: {0}</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Strategy</source>
        <translation>전략</translation>
    </message>
    <message>
        <location line="+26" />
        <source>No labels yet. Open a token-classification model folder (a transformers model directory with config.json, its weights and tokenizer files; read from disk only) with Open model folder…, or pick Gold labels above and open a CoNLL/IOB or JSONL file of labelled texts.</source>
        <translation>아직 레이블이 없습니다. 모델 폴더 열기…로 토큰 분류 모델 폴더(config.json, 가중치, 토크나이저 파일이 든 transformers 모델 디렉터리, 디스크에서만 읽음)를 열거나, 위에서 정답 레이블을 골라 레이블 텍스트의 CoNLL/IOB 또는 JSONL 파일을 여세요.</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Running a model needs the ner extra (transformers and torch), not installed here: {0}</source>
        <translation>모델을 실행하려면 ner 추가 패키지(transformers와 torch)가 필요한데 여기에는 설치되어 있지 않습니다: {0}</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The entity type (with strategy none: the token's label)</source>
        <translation>개체 유형 (전략이 none이면 토큰의 레이블)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The group's text as the pipeline gives it: its tokens decoded (start and end give the exact text)</source>
        <translation>파이프라인이 내놓는 그룹 텍스트: 토큰을 디코딩한 것 (정확한 텍스트는 시작과 끝으로)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>First character of the group in the text</source>
        <translation>텍스트에서 그룹의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Character after the group</source>
        <translation>그룹 바로 뒤 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The mean of its tokens' or words' scores (softmax probabilities)</source>
        <translation>토큰 또는 단어 점수(softmax 확률)의 평균</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The token's index (strategy none only)</source>
        <translation>토큰 번호 (전략 none에서만)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Indices of the model tokenizer's tokens in the group</source>
        <translation>그룹에 든 모델 토크나이저 토큰의 번호</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Token index in the model tokenizer's encoding</source>
        <translation>모델 토크나이저의 인코딩에서 토큰의 번호</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The token as the vocabulary spells it</source>
        <translation>어휘에 적힌 그대로의 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>First character of the token in the text</source>
        <translation>텍스트에서 토큰의 첫 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Character after the token</source>
        <translation>토큰 바로 뒤 문자 위치</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The model's most probable label for the token</source>
        <translation>모델이 토큰에 매긴 가장 확률 높은 레이블</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Its softmax probability</source>
        <translation>그 레이블의 softmax 확률</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The pipeline's guess that the token continues a word (used by first / average / max)</source>
        <translation>토큰이 단어를 이어 가는지에 대한 파이프라인의 추정 (first / average / max가 사용)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>Open a token-classification model folder</source>
        <translation>토큰 분류 모델 폴더 열기</translation>
    </message>
    <message>
        <location line="+9" />
        <location line="+23" />
        <source>Cannot load the model</source>
        <translation>모델을 불러올 수 없습니다</translation>
    </message>
    <message>
        <location line="-22" />
        <source>A token-classification model needs the ner extra (transformers and torch): {0}</source>
        <translation>토큰 분류 모델에는 ner 추가 패키지(transformers와 torch)가 필요합니다: {0}</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Loading the model…</source>
        <translation>모델을 불러오는 중…</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Cannot load the model: {0}</source>
        <translation>모델을 불러올 수 없습니다: {0}</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Cancelled.</source>
        <translation>취소했습니다.</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Running the model on {0} characters…</source>
        <translation>{0}자에 모델을 실행하는 중…</translation>
    </message>
    <message>
        <location line="+27" />
        <source>{0} groups, {1} tokens ({2}).</source>
        <translation>그룹 {0}개, 토큰 {1}개 ({2}).</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The text has changed since; running again…</source>
        <translation>그사이 텍스트가 바뀌어 다시 실행하는 중…</translation>
    </message>
</context>
<context>
    <name>OffsetsPane</name>
    <message>
        <location filename="../panes/offsets_pane.py" line="+67" />
        <source>Offsets are (start, end) character positions in the original text; special tokens have (0, 0)</source>
        <translation>오프셋은 원문에서의 (시작, 끝) 문자 위치입니다. 특수 토큰은 (0, 0)입니다</translation>
    </message>
    <message>
        <location line="+37" />
        <source>{n} tokens — offsets are character spans of the original text</source>
        <translation>토큰 {n}개 — 오프셋은 원문의 문자 범위입니다</translation>
    </message>
</context>
<context>
    <name>OovPane</name>
    <message>
        <location filename="../panes/oov_pane.py" line="+60" />
        <source>whole word in vocabulary</source>
        <extracomment>Longest text explained on the GUI thread (a text with a long word never is). Word rows listed per tokenizer, and tokens in its own row (the export has every word).</extracomment>
        <translation>단어 전체가 어휘에 있음</translation>
    </message>
    <message>
        <location line="+2" />
        <source>split into {n} known pieces</source>
        <translation>알려진 조각 {n}개로 나뉨</translation>
    </message>
    <message>
        <location line="+3" />
        <source>spelled with bytes</source>
        <translation>바이트로 표기됨</translation>
    </message>
    <message>
        <location line="+2" />
        <source>partly unknown</source>
        <translation>일부 UNK</translation>
    </message>
    <message>
        <location line="+3" />
        <source>unknown</source>
        <translation>UNK (알 수 없음)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>dropped (no token)</source>
        <translation>사라짐 (토큰 없음)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>added token</source>
        <translation>추가 토큰</translation>
    </message>
    <message>
        <location line="+44" />
        <source>A word or sentence the tokenizers never saw…</source>
        <translation>토크나이저가 본 적 없는 단어나 문장…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Every tokenizer of the session encodes this text; the list shows what each does with each word</source>
        <translation>세션의 모든 토크나이저가 이 텍스트를 인코딩합니다. 목록에 각 토크나이저가 단어마다 어떻게 처리하는지 나옵니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Export…</source>
        <translation>내보내기…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The pane as PNG, or the outcomes / held-out table as CSV</source>
        <translation>패널을 PNG로, 또는 결과 / 홀드아웃 표를 CSV로 저장</translation>
    </message>
    <message>
        <location line="+6" />
        <source>tokenizer / word</source>
        <translation>토크나이저 / 단어</translation>
    </message>
    <message>
        <location line="+1" />
        <source>what happens</source>
        <translation>처리 결과</translation>
    </message>
    <message>
        <location line="+1" />
        <source>tokens</source>
        <translation>토큰 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Each tokenizer, and under it each word of the text</source>
        <translation>토크나이저마다, 그 아래에 텍스트의 각 단어</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The tokenizer's strategy for unseen text, and the outcome for each word (whole, split, spelled with bytes, unknown)</source>
        <translation>처음 보는 텍스트에 대한 토크나이저의 전략과 단어별 결과 (통째로, 나뉨, 바이트로 표기, UNK)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The tokens, in readable form (␣ = space, ⟨C3⟩ = a byte)</source>
        <translation>읽기 쉬운 형태의 토큰 (␣ = 공백, ⟨C3⟩ = 바이트)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>How the model cut the selected word, step by step</source>
        <translation>모델이 선택한 단어를 자른 과정 (단계별)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Compute held-out split</source>
        <translation>홀드아웃 분할 계산</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Hold out the last 10% of the corpus documents and measure how each tokenizer copes with their words (in the background)</source>
        <translation>말뭉치 문서의 마지막 10%를 떼어 두고 각 토크나이저가 그 단어들을 어떻게 처리하는지 측정합니다 (백그라운드에서)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Stop the held-out computation (and any retraining)</source>
        <translation>홀드아웃 계산 (및 재학습)을 멈춥니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>retrain each preset on the first 90% first</source>
        <translation>먼저 각 프리셋을 앞쪽 90%로 재학습</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Train each tokenizer made here again, with its options, on the first 90% only, so the held-out words are really unseen (opened files are measured as they are)</source>
        <translation>여기서 만든 토크나이저를 같은 옵션으로 앞쪽 90%만 써서 다시 학습하여 홀드아웃 단어를 정말로 처음 보게 합니다 (연 파일은 그대로 측정)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The last 10% of the corpus documents are held out.</source>
        <translation>말뭉치 문서의 마지막 10%를 홀드아웃합니다.</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Step by step</source>
        <translation>단계별 보기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Held-out split</source>
        <translation>홀드아웃 분할</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The selected word as the model cuts it: BPE merges, WordPiece matches, or the Unigram lattice</source>
        <translation>모델이 선택한 단어를 자르는 방식: BPE 병합, WordPiece 일치, Unigram 격자</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Unknown-token rates on the last 10% of the corpus</source>
        <translation>말뭉치 마지막 10%에서의 UNK 토큰 비율</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Unseen text:</source>
        <translation>처음 보는 텍스트:</translation>
    </message>
    <message>
        <location line="+106" />
        <source>cannot encode: {error}</source>
        <translation>인코딩할 수 없음: {error}</translation>
    </message>
    <message>
        <location line="+5" />
        <source>{unknown} unknown, {bytes} byte tokens</source>
        <translation>UNK {unknown}개, 바이트 토큰 {bytes}개</translation>
    </message>
    <message>
        <location line="+23" />
        <source>the model saw {text}</source>
        <translation>모델이 본 입력: {text}</translation>
    </message>
    <message>
        <location line="+47" />
        <source>Load a corpus and train a tokenizer first.</source>
        <translation>먼저 말뭉치를 불러오고 토크나이저를 학습하세요.</translation>
    </message>
    <message>
        <location line="+7" />
        <source>reading the corpus…</source>
        <translation>말뭉치를 읽는 중…</translation>
    </message>
    <message>
        <location line="+9" />
        <source>cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Cancelled: no held-out figures.</source>
        <translation>취소했습니다: 홀드아웃 수치가 없습니다.</translation>
    </message>
    <message>
        <location line="+5" />
        <source>measuring… {0} of {1}</source>
        <translation>측정하는 중… {1}개 중 {0}개</translation>
    </message>
    <message>
        <location line="+2" />
        <source>measuring…</source>
        <translation>측정하는 중…</translation>
    </message>
    <message>
        <location line="+2" />
        <source>retraining on the first 90%…</source>
        <translation>앞쪽 90%로 재학습하는 중…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>trained on {train} documents, held out the last {heldout}; each word vocabulary has as many entries as its tokenizer (the most frequent training words + [UNK]).</source>
        <translation>문서 {train}개로 학습하고 마지막 {heldout}개를 홀드아웃했습니다. 각 단어 어휘의 항목 수는 해당 토크나이저와 같습니다 (가장 빈번한 학습 단어 + [UNK]).</translation>
    </message>
    <message>
        <location line="+7" />
        <source>held-out split failed: {error}</source>
        <translation>홀드아웃 분할에 실패했습니다: {error}</translation>
    </message>
    <message>
        <location line="+15" />
        <source>unseen words</source>
        <translation>처음 보는 단어</translation>
    </message>
    <message>
        <location line="-188" />
        <source>explaining {n} characters in the background…</source>
        <translation>백그라운드에서 {n}자를 분석하는 중…</translation>
    </message>
    <message>
        <location line="+15" />
        <source>cannot explain the text: {error}</source>
        <translation>텍스트를 분석할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+16" />
        <source>The first {shown} words of {n} are listed for each tokenizer; Export… saves every word.</source>
        <translation>토크나이저마다 {n}개 단어 중 처음 {shown}개를 보입니다. 내보내기…는 모든 단어를 저장합니다.</translation>
    </message>
    <message>
        <location line="+59" />
        <source>… ({n} more)</source>
        <translation>… ({n}개 더)</translation>
    </message>
    <message>
        <location line="+23" />
        <source>This word has {n} characters: the step-by-step view shows words of up to {limit}.</source>
        <translation>이 단어는 {n}자입니다: 단계별 보기는 {limit}자까지의 단어를 보여 줍니다.</translation>
    </message>
</context>
<context>
    <name>OpenOptionsDialog</name>
    <message>
        <location filename="../widgets/open_options.py" line="+20" />
        <source>(detect)</source>
        <extracomment>The first entry of each combo: let the library decide.</extracomment>
        <translation>(자동 감지)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>(guess)</source>
        <translation>(추측)</translation>
    </message>
    <message>
        <location line="+32" />
        <source>Open tokenizer with options</source>
        <translation>옵션을 지정해 토크나이저 열기</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Read the file as this format instead of detecting it</source>
        <translation>형식을 감지하지 않고 이 형식으로 파일을 읽습니다</translation>
    </message>
    <message>
        <location line="+5" />
        <source>A .tiktoken file holds only ranks: the encoding gives its split pattern and special tokens (guessed from the number of ranks when not chosen)</source>
        <translation>.tiktoken 파일에는 순위만 있습니다: 인코딩을 고르면 분할 패턴과 특수 토큰이 정해집니다 (고르지 않으면 순위 개수로 추측)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The pipeline transformers builds for a SentencePiece model: llama (BPE), t5, xlm-roberta, albert (Unigram) or generic (either)</source>
        <translation>transformers가 SentencePiece 모델에 만드는 파이프라인: llama (BPE), t5, xlm-roberta, albert (Unigram), generic (둘 다)</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Format</source>
        <translation>형식</translation>
    </message>
    <message>
        <location line="+1" />
        <source>tiktoken encoding</source>
        <translation>tiktoken 인코딩</translation>
    </message>
    <message>
        <location line="+1" />
        <source>SentencePiece flavor</source>
        <translation>SentencePiece 종류</translation>
    </message>
</context>
<context>
    <name>PaneSupport</name>
    <message>
        <location filename="../pane_support.py" line="+51" />
        <source>an unexpected problem (see the log)</source>
        <translation>예상하지 못한 문제 (로그를 보세요)</translation>
    </message>
</context>
<context>
    <name>PlotItem</name>
    <message>
        <location filename="../plots/pyqtgraph_strings.py" line="+50" />
        <source>Transforms</source>
        <translation>변환</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Downsample</source>
        <translation>다운샘플링</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Average</source>
        <translation>평균</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Alpha</source>
        <translation>투명도</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Grid</source>
        <translation>격자</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Points</source>
        <translation>점</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Plot Options</source>
        <translation>그래프 옵션</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <location filename="../session.py" line="+67" />
        <source>(none)</source>
        <extracomment>Texts longer than this (characters) are encoded in the background. So are texts with a longer run without whitespace: a model's work on one word grows faster than its length (BPE merges pair by pair; a 5,000-character word took 0.8 s). Texts up to this long also keep their pipeline stages (normalized text, pre-tokens).</extracomment>
        <translation>(없음)</translation>
    </message>
    <message>
        <location line="+241" />
        <location line="+32" />
        <source>Cannot encode the text: {error}</source>
        <translation>텍스트를 인코딩할 수 없습니다: {error}</translation>
    </message>
</context>
<context>
    <name>SessionStore</name>
    <message>
        <location filename="../session_store.py" line="+182" />
        <source>{name}: {path} is gone</source>
        <translation>{name}: {path}이(가) 없습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>no file</source>
        <translation>파일 없음</translation>
    </message>
</context>
<context>
    <name>SingleBlockEditor</name>
    <message>
        <location filename="../widgets/block_editor.py" line="+167" />
        <source>none</source>
        <translation>없음</translation>
    </message>
</context>
<context>
    <name>StatsPane</name>
    <message>
        <location filename="../panes/stats_pane.py" line="+126" />
        <location line="+146" />
        <source>Stop</source>
        <extracomment>A vocabulary larger than this has its length histogram measured in a pool process (a pass over every token: 0.1-0.3 s on the GUI thread for 50k tokens).</extracomment>
        <translation>중지</translation>
    </message>
    <message>
        <location line="-145" />
        <source>Stop encoding the corpus, or compute its figures</source>
        <translation>말뭉치 인코딩을 중지하거나 통계를 계산합니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Export…</source>
        <translation>내보내기…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The shown plot as PNG, or its data as CSV</source>
        <translation>보이는 그래프를 PNG로, 또는 그 데이터를 CSV로 저장</translation>
    </message>
    <message>
        <location line="+2" />
        <source>count corpus occurrences</source>
        <translation>말뭉치 출현 횟수로 세기</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Off: each vocabulary token counts once. On: each token counts as often as it occurs in the corpus (or the text)</source>
        <translation>끄면 어휘의 토큰마다 한 번씩 셉니다. 켜면 말뭉치(또는 텍스트)에 나타나는 횟수만큼 셉니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The tokenizer these figures describe</source>
        <translation>이 수치들이 설명하는 토크나이저</translation>
    </message>
    <message>
        <location line="+1" />
        <source>What the corpus figures were computed on</source>
        <translation>말뭉치 수치를 계산한 대상</translation>
    </message>
    <message>
        <location line="+2" />
        <source>token length (characters)</source>
        <translation>토큰 길이 (문자 수)</translation>
    </message>
    <message>
        <location line="+0" />
        <source>tokens</source>
        <translation>토큰 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>rank</source>
        <translation>순위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>count</source>
        <translation>빈도</translation>
    </message>
    <message>
        <location line="+2" />
        <source>vocabulary size</source>
        <translation>어휘 크기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>characters per token</source>
        <translation>토큰당 문자 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>merge rank</source>
        <translation>병합 순위</translation>
    </message>
    <message>
        <location line="+0" />
        <source>pair count</source>
        <translation>쌍 횟수</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Token lengths</source>
        <translation>토큰 길이</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Zipf</source>
        <translation>Zipf 분포</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Chars/token vs vocabulary</source>
        <translation>어휘 크기별 문자/토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pair count per merge</source>
        <translation>병합별 쌍 횟수</translation>
    </message>
    <message>
        <location line="+14" />
        <source>How many vocabulary tokens (or corpus occurrences) have each surface length</source>
        <translation>표면형 길이별 어휘 토큰 수 (또는 말뭉치 출현 횟수)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Token counts on the corpus by rank, log-log: a straight line of slope about −1 is Zipf's law</source>
        <translation>말뭉치에서 순위별 토큰 빈도 (로그-로그): 기울기가 약 −1인 직선이면 Zipf 법칙입니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Characters per token when the tokenizer keeps only its first N merges</source>
        <translation>토크나이저가 처음 N개의 병합만 쓸 때의 토큰당 문자 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How often the pair merged at each rank occurred when it was merged (tokenizers trained here)</source>
        <translation>각 순위에서 병합된 쌍이 병합 시점에 나타난 횟수 (여기서 학습한 토크나이저)</translation>
    </message>
    <message>
        <location line="+47" />
        <source>Statistics of {name}</source>
        <translation>{name} 통계</translation>
    </message>
    <message>
        <location line="+1" />
        <source>No tokenizer</source>
        <translation>토크나이저 없음</translation>
    </message>
    <message>
        <location line="+9" />
        <source>{model}: no merges with pair counts</source>
        <translation>{model}: 쌍 횟수가 있는 병합이 없음</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{n} merges: the count of the pair merged at each rank (click a point: its merge)</source>
        <translation>병합 {n}개: 각 순위에서 병합된 쌍의 횟수 (점을 누르면 그 병합)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Pair counts are known only for tokenizers trained here: a tokenizer file stores its merges, not their counts.</source>
        <translation>쌍 횟수는 여기서 학습한 토크나이저만 알 수 있습니다: 토크나이저 파일에는 병합만 있고 횟수는 없습니다.</translation>
    </message>
    <message>
        <location line="+30" />
        <source>computing corpus figures…</source>
        <translation>말뭉치 수치를 계산하는 중…</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Compute</source>
        <translation>계산</translation>
    </message>
    <message>
        <location line="+8" />
        <source>stopped: corpus figures not computed</source>
        <translation>중지됨: 말뭉치 통계를 계산하지 않았습니다</translation>
    </message>
    <message>
        <location line="+30" />
        <source>the corpus</source>
        <translation>말뭉치</translation>
    </message>
    <message>
        <location line="+0" />
        <source>the text</source>
        <translation>텍스트</translation>
    </message>
    <message>
        <location line="+1" />
        <source>on {where} (beginning): {n} tokens</source>
        <translation>{where} (앞부분) 기준: 토큰 {n}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>on {where}: {n} tokens</source>
        <translation>{where} 기준: 토큰 {n}개</translation>
    </message>
    <message>
        <location line="+9" />
        <source>encoding the whole corpus… {progress}</source>
        <translation>말뭉치 전체 인코딩 중… {progress}</translation>
    </message>
    <message>
        <location line="+5" />
        <source>corpus figures unavailable: {error}</source>
        <translation>말뭉치 수치를 구할 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+19" />
        <source>measuring the vocabulary…</source>
        <translation>어휘를 측정하는 중…</translation>
    </message>
    <message>
        <location line="+3" />
        <source>occurrences</source>
        <translation>출현 횟수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>vocabulary tokens</source>
        <translation>어휘 토큰 수</translation>
    </message>
    <message>
        <location line="+1" />
        <source>surface length: Ġ ▁ ## &lt;/w&gt; removed, bytes decoded (click a bar: its tokens)</source>
        <translation>표면형 길이: Ġ ▁ ## &lt;/w&gt;를 떼고 바이트를 디코딩 (막대를 누르면 그 토큰들)</translation>
    </message>
    <message>
        <location line="+9" />
        <source>{n} distinct tokens; log-log slope {slope} (Zipf: about −1)</source>
        <translation>서로 다른 토큰 {n}개, 로그-로그 기울기 {slope} (Zipf: 약 −1)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>no counts yet</source>
        <translation>아직 빈도가 없음</translation>
    </message>
    <message>
        <location line="+4" />
        <source>{model}: no merges to replay, so no curve</source>
        <translation>{model}: 재생할 병합이 없어 곡선이 없음</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the tokenizer truncated to N merges, on a sample (click a point: the tokens added there)</source>
        <translation>병합을 N개로 줄인 토크나이저, 표본 기준 (점을 누르면 그 지점에서 추가된 토큰)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>this model has no merges to replay</source>
        <translation>이 모델에는 재생할 병합이 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>not computed yet</source>
        <translation>아직 계산하지 않음</translation>
    </message>
</context>
<context>
    <name>StepTokenizerView</name>
    <message>
        <location filename="../widgets/step_tokenizer_view.py" line="+96" />
        <source>&lt;b&gt;This step's tokenizer&lt;/b&gt;</source>
        <translation>&lt;b&gt;이 단계의 토크나이저&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Type a text to try this step's tokenizer</source>
        <translation>이 단계의 토크나이저로 나눠 볼 텍스트를 입력하세요</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The step's text; type your own to see how this step's tokenizer cuts it (your text stays while you step; empty it to get the step's text back). Your text in the other views is not changed</source>
        <translation>단계의 텍스트입니다. 직접 입력하면 이 단계의 토크나이저가 어떻게 나누는지 볼 수 있습니다(단계를 옮겨도 입력한 텍스트는 남고, 비우면 단계의 텍스트로 돌아갑니다). 다른 보기의 텍스트는 바뀌지 않습니다</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Click a token to see how its word is cut</source>
        <translation>토큰을 클릭하면 그 단어가 어떻게 나뉘는지 보여 줍니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Keep this tokenizer</source>
        <translation>이 토크나이저 보관</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Add a copy of this step's tokenizer to your tokenizers, to use it in the other views; the lesson itself never changes your text or your tokenizers</source>
        <translation>이 단계의 토크나이저 사본을 내 토크나이저 목록에 추가해 다른 보기에서 씁니다. 강의 자체는 내 텍스트나 토크나이저를 바꾸지 않습니다</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Rank</source>
        <translation>순위</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pair</source>
        <translation>쌍</translation>
    </message>
    <message>
        <location line="+1" />
        <source>New token</source>
        <translation>새 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Count</source>
        <translation>횟수</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Piece</source>
        <translation>조각</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Log-probability</source>
        <translation>로그 확률</translation>
    </message>
    <message>
        <location line="+37" />
        <source>%1, %2 tokens in its vocabulary</source>
        <translation>%1, 어휘 토큰 %2개</translation>
    </message>
    <message>
        <location line="+2" />
        <source>%1 merges so far</source>
        <translation>지금까지 병합 %1개</translation>
    </message>
    <message>
        <location line="+23" />
        <source>%1 tokens: %2</source>
        <translation>토큰 %1개: %2</translation>
    </message>
</context>
<context>
    <name>SurgeryDialog</name>
    <message>
        <location filename="../widgets/surgery_dialog.py" line="+11" />
        <source>Edit the vocabulary</source>
        <translation>어휘 편집</translation>
    </message>
    <message>
        <location line="+16" />
        <source>Prune</source>
        <translation>잘라내기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Extend</source>
        <translation>확장</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Merge</source>
        <translation>병합</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Preview</source>
        <translation>미리 보기</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Make the edit in the background and show which corpus words split differently</source>
        <translation>백그라운드에서 편집하고 어떤 코퍼스 단어가 다르게 분할되는지 보여 줍니다</translation>
    </message>
    <message>
        <location line="+14" />
        <source>Add to the session</source>
        <translation>세션에 추가</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Export id mapping…</source>
        <translation>id 매핑 내보내기…</translation>
    </message>
    <message>
        <location line="+23" />
        <source>tokens audited as {category} ({n})</source>
        <translation>{category}(으)로 감사된 토큰({n})</translation>
    </message>
    <message>
        <location line="+3" />
        <source>these ids</source>
        <translation>다음 id</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Renumber the ids that stay (export the mapping)</source>
        <translation>남는 id에 번호를 다시 매김(매핑 내보내기)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Remove</source>
        <translation>제거</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Ids</source>
        <translation>id</translation>
    </message>
    <message>
        <location line="+3" />
        <source>For BPE, the merges that build or use a removed token go too, and tokens no merge can build any more. Tokens that never occur on the corpus (count and inside both 0) leave its tokenization unchanged.</source>
        <translation>BPE에서는 제거한 토큰을 만들거나 사용하는 병합과, 더 이상 어떤 병합으로도 만들 수 없는 토큰도 함께 제거됩니다. 코퍼스에 한 번도 나오지 않는 토큰(횟수와 내부가 모두 0)을 제거하면 코퍼스의 토큰화는 바뀌지 않습니다.</translation>
    </message>
    <message>
        <location line="+15" />
        <source>New vocabulary size</source>
        <translation>새 어휘 크기</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Trains on the loaded corpus: {corpus}</source>
        <translation>불러온 코퍼스로 학습: {corpus}</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Load a corpus first: extending trains on it</source>
        <translation>먼저 코퍼스를 불러오세요. 확장은 코퍼스로 학습합니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Every existing merge and id is kept; new characters, then new merges are appended.</source>
        <translation>기존 병합과 id는 모두 유지되고, 새 문자와 새 병합이 뒤에 추가됩니다.</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Merge with</source>
        <translation>병합 대상</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The current tokenizer's ids stay; the other's tokens and merges it lacks are appended. Both need the same pipeline.</source>
        <translation>현재 토크나이저의 id는 유지되고, 다른 토크나이저에만 있는 토큰과 병합이 뒤에 추가됩니다. 두 토크나이저의 파이프라인이 같아야 합니다.</translation>
    </message>
    <message>
        <location line="+26" />
        <source>No tokens to remove</source>
        <translation>제거할 토큰이 없음</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Open another tokenizer to merge with</source>
        <translation>병합할 다른 토크나이저를 여세요</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Working…</source>
        <translation>작업 중…</translation>
    </message>
    <message>
        <location line="+18" />
        <source>Cannot edit: {error}</source>
        <translation>편집할 수 없음: {error}</translation>
    </message>
    <message>
        <location line="+6" />
        <source>{removed} tokens removed, {added} added; the vocabulary has {n} entries</source>
        <translation>토큰 {removed}개 제거, {added}개 추가. 어휘 항목 {n}개</translation>
    </message>
    <message>
        <location line="+5" />
        <source>No corpus loaded: no corpus diff</source>
        <translation>코퍼스를 불러오지 않음: 코퍼스 차이 없음</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The corpus splits exactly as before ({n} distinct words)</source>
        <translation>코퍼스가 이전과 똑같이 분할됨(서로 다른 단어 {n}개)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>{changed} of {n} distinct corpus words split differently; corpus tokens {before} → {after}</source>
        <translation>서로 다른 코퍼스 단어 {n}개 중 {changed}개가 다르게 분할됨. 코퍼스 토큰 {before} → {after}</translation>
    </message>
    <message>
        <location line="+15" />
        <source>pruned</source>
        <translation>잘라냄</translation>
    </message>
    <message>
        <location line="+0" />
        <source>extended</source>
        <translation>확장됨</translation>
    </message>
    <message>
        <location line="+1" />
        <source>merged</source>
        <translation>병합됨</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Export the id mapping</source>
        <translation>id 매핑 내보내기</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Cannot export</source>
        <translation>내보낼 수 없음</translation>
    </message>
</context>
<context>
    <name>TaskView</name>
    <message>
        <location filename="../views.py" line="+50" />
        <source>Explore</source>
        <extracomment>Bump when the docks or the default layouts change: saved layouts of another version are ignored.</extracomment>
        <translation>탐색</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The corpus, the text encoded as tokens with its pipeline stages, and each token's offsets and word groupings</source>
        <translation>말뭉치, 토큰으로 인코딩한 텍스트와 파이프라인 단계, 각 토큰의 오프셋과 단어 묶음</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Train</source>
        <translation>학습</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Training options and live curves, and the merge history with its replay and merge tree</source>
        <translation>학습 옵션과 실시간 곡선, 재생과 병합 트리가 있는 병합 기록</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Compare</source>
        <translation>비교</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Tokenizers side by side on the same text and on the corpus</source>
        <translation>같은 텍스트와 말뭉치에서 나란히 보는 토크나이저</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Unseen words</source>
        <translation>처음 보는 단어</translation>
    </message>
    <message>
        <location line="+1" />
        <source>How words that the training never saw are split (held-out retraining)</source>
        <translation>학습 때 본 적 없는 단어가 나뉘는 방식 (홀드아웃 재학습)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Statistics</source>
        <translation>통계</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Corpus-wide figures of the current tokenizer: chars per token, token lengths, usage</source>
        <translation>현재 토크나이저의 말뭉치 전체 수치: 토큰당 문자 수, 토큰 길이, 사용률</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Vocabulary</source>
        <translation>어휘</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Every token with its id, merge rank or score, lengths and corpus frequency; ids ↔ text</source>
        <translation>모든 토큰과 id, 병합 순위 또는 점수, 길이, 말뭉치 빈도, id ↔ 텍스트</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Long text</source>
        <translation>긴 텍스트</translation>
    </message>
    <message>
        <location line="+1" />
        <source>A long text (or a question + context) cut into model windows: max_length, stride, overflow, and each window's offsets back into the text</source>
        <translation>모델 윈도우로 자른 긴 텍스트 (또는 질문 + 문맥): max_length, stride, overflow, 원문으로 돌아가는 각 윈도우의 오프셋</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Build</source>
        <translation>만들기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Build a tokenizer block by block: normalizers, pre-tokenizers, model and trainer, post-processor and decoder, each stage's output shown live; train and save it</source>
        <translation>토크나이저를 블록별로 만듭니다: 정규화기, 사전 토크나이저, 모델과 트레이너, 후처리기와 디코더. 단계마다 출력을 바로 보여 주며, 학습하고 저장할 수 있습니다</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Lessons</source>
        <translation>강의</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The worked examples of the course notes, step by step: every figure computed, the notes' slips corrected, and the encoding and merges of each step</source>
        <translation>강의 노트의 풀이 예제를 단계별로: 모든 수치를 계산하고, 노트의 실수를 바로잡으며, 단계마다 인코딩과 병합을 보여 줍니다</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Languages</source>
        <translation>언어</translation>
    </message>
    <message>
        <location line="+1" />
        <source>What each language of a parallel corpus costs in tokens: premium, Gini, vocabulary use, one sentence in every language, and which merges served which language</source>
        <translation>병렬 코퍼스의 각 언어가 토큰으로 치르는 비용: 프리미엄, 지니 계수, 어휘 사용, 모든 언어로 된 한 문장, 그리고 어떤 병합이 어느 언어에 도움이 되었는지</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Conformance</source>
        <translation>일치 검사</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Where two implementations of one model part (the same model opened from two files): agreement, the shortest differing text, the stage and the first differing token</source>
        <translation>한 모델의 두 구현이 갈라지는 곳 (두 파일에서 연 같은 모델): 일치율, 가장 짧은 차이 텍스트, 단계, 첫 번째로 다른 토큰</translation>
    </message>
</context>
<context>
    <name>TextInput</name>
    <message>
        <location filename="../widgets/text_input.py" line="+27" />
        <source>Type a tab character</source>
        <extracomment>The key that types a tab once Tab moves the focus.</extracomment>
        <translation>탭 문자 입력</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Tab moves to the next control; Ctrl+Tab types a tab character.</source>
        <translation>Tab은 다음 컨트롤로 이동하고, Ctrl+Tab은 탭 문자를 입력합니다.</translation>
    </message>
</context>
<context>
    <name>TokenInfoView</name>
    <message>
        <location filename="../widgets/token_info_view.py" line="+15" />
        <location line="+38" />
        <source>Select a token</source>
        <translation>토큰을 고르세요</translation>
    </message>
    <message>
        <location line="-12" />
        <source>Corpus words whose encoding contains the selected token, most frequent first, with their corpus counts</source>
        <translation>인코딩에 선택한 토큰이 들어 있는 말뭉치 단어 (빈도순)와 말뭉치 빈도</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Merge tree</source>
        <translation>병합 트리</translation>
    </message>
    <message>
        <location line="+22" />
        <source>raw {raw}</source>
        <translation>원형 {raw}</translation>
    </message>
    <message>
        <location line="+1" />
        <source>1 char</source>
        <translation>1자</translation>
    </message>
    <message>
        <location line="+0" />
        <source>{n} chars</source>
        <translation>{n}자</translation>
    </message>
    <message>
        <location line="+1" />
        <source>1 byte</source>
        <translation>1바이트</translation>
    </message>
    <message>
        <location line="+0" />
        <source>{n} bytes</source>
        <translation>{n}바이트</translation>
    </message>
    <message>
        <location line="+12" />
        <source>Corpus words using it: {hint}</source>
        <translation>이 토큰을 쓰는 말뭉치 단어: {hint}</translation>
    </message>
    <message>
        <location line="+4" />
        <source> (the {n} most frequent shown)</source>
        <translation> (가장 빈번한 {n}개 표시)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>1 corpus word</source>
        <translation>말뭉치 단어 1개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} corpus words</source>
        <translation>말뭉치 단어 {n}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>1 occurrence</source>
        <translation>1회 출현</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} occurrences</source>
        <translation>{n}회 출현</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Used by {words}, {uses}</source>
        <translation>{words}에서 사용, {uses}</translation>
    </message>
    <message>
        <location line="+1" />
        <source>No corpus word uses this token</source>
        <translation>이 토큰을 쓰는 말뭉치 단어가 없습니다</translation>
    </message>
    <message>
        <location line="+10" />
        <source>{algorithm}: no merges; no score (added token)</source>
        <translation>{algorithm}: 병합 없음, 점수 없음 (추가 토큰)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>{algorithm}: no merges; score {score}</source>
        <translation>{algorithm}: 병합 없음, 점수 {score}</translation>
    </message>
    <message>
        <location line="+5" />
        <source>built by merge {n}</source>
        <translation>병합 {n}(으)로 만들어짐</translation>
    </message>
    <message>
        <location line="+3" />
        <source>an added token: no merge builds it</source>
        <translation>추가 토큰: 이 토큰을 만드는 병합이 없음</translation>
    </message>
    <message>
        <location line="+2" />
        <source>a base symbol: no merge builds it</source>
        <translation>기본 기호: 이 토큰을 만드는 병합이 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{algorithm}: no merges or scores in this model</source>
        <translation>{algorithm}: 이 모델에는 병합도 점수도 없음</translation>
    </message>
</context>
<context>
    <name>TokenTextView</name>
    <message>
        <location filename="../widgets/token_text_view.py" line="+402" />
        <source>… ({n} more characters not drawn)</source>
        <extracomment>Characters beyond this are not drawn (a note says so); the tables still list every token. Lines longer than this are drawn as several blocks (cut at a space), so that laying out one block never costs more than a screenful. Identical special tokens in a row drawn as one chip ``[PAD] ×100``. The last indexes made, by encoding: the token view, the encoding and the offsets panes look up the same encoding at a keystroke. blocks formatted, and tokens looked up for them, since the last set_content (tests and benchmarks read them: both follow what is on screen, not the text)</extracomment>
        <translation>… (그리지 않은 문자 {n}개 더)</translation>
    </message>
    <message>
        <location line="+258" />
        <source>{n} × {token}  (#{first}–#{last})
     id {id}  special token added by the tokenizer (padding or post-processor)</source>
        <translation>{n} × {token}  (#{first}–#{last})
     id {id}  토크나이저가 덧붙인 특수 토큰 (패딩 또는 후처리기)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>(unknown)</source>
        <translation>(UNK)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>#{i}  {shown}   raw {raw}{extra}
     id {id}  offsets {offsets}  word {word}</source>
        <translation>#{i}  {shown}   원형 {raw}{extra}
     id {id}  오프셋 {offsets}  단어 {word}</translation>
    </message>
    <message>
        <location line="+5" />
        <source>{n} tokens share this character:</source>
        <translation>이 문자를 토큰 {n}개가 나눠 가집니다:</translation>
    </message>
    <message>
        <location line="+10" />
        <source>In no token: cut off by truncation, or removed by the normalizer (dimmed)</source>
        <translation>어느 토큰에도 없음: 자르기로 잘렸거나 정규화기가 지웠습니다 (흐리게 표시)</translation>
    </message>
    <message>
        <location line="+55" />
        <source>Tokens of the text</source>
        <translation>텍스트의 토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The text with one coloured span per token. The arrow keys move through the tokens, Enter selects one.</source>
        <translation>토큰마다 색칠한 구간으로 보인 텍스트. 화살표 키로 토큰 사이를 옮기고 Enter 키로 선택합니다.</translation>
    </message>
</context>
<context>
    <name>TokenizersPane</name>
    <message>
        <location filename="../panes/tokenizers_pane.py" line="+41" />
        <source>Tokenizers kept in this session; pick one to explore it</source>
        <translation>이 세션에 있는 토크나이저. 하나를 골라 살펴보세요</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Rename…</source>
        <translation>이름 바꾸기…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Remove</source>
        <translation>제거</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Retrain…</source>
        <translation>재학습…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Learn this tokenizer's model again on the loaded corpus, keeping its pipeline, then compare old and new (Ctrl+Shift+T)</source>
        <translation>파이프라인은 그대로 두고 이 토크나이저의 모델을 불러온 말뭉치로 다시 학습한 뒤 이전 것과 새 것을 비교합니다 (Ctrl+Shift+T)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Give the current tokenizer another name (kept across restarts)</source>
        <translation>현재 토크나이저의 이름을 바꿉니다 (다시 시작해도 유지)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Remove the current tokenizer from the session (Edit ▸ Undo remove brings it back)</source>
        <translation>현재 토크나이저를 세션에서 제거합니다 (편집 ▸ 제거 취소로 되돌릴 수 있음)</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Tokenizer:</source>
        <translation>토크나이저:</translation>
    </message>
    <message>
        <location line="+27" />
        <source>no tokenizer yet: open a corpus and train, or open a tokenizer</source>
        <translation>아직 토크나이저가 없습니다: 말뭉치를 열어 학습하거나 토크나이저를 여세요</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Rename tokenizer</source>
        <translation>토크나이저 이름 바꾸기</translation>
    </message>
    <message>
        <location line="+0" />
        <source>Name</source>
        <translation>이름</translation>
    </message>
    <message>
        <location line="+19" />
        <source>{n} tokens</source>
        <translation>토큰 {n}개</translation>
    </message>
    <message>
        <location line="+10" />
        <source> — from {files}</source>
        <translation> — {files}에서 학습</translation>
    </message>
    <message>
        <location line="+4" />
        <source>{model}, {size}, {name}'s pipeline retrained</source>
        <translation>{model}, {size}, {name}의 파이프라인으로 재학습</translation>
    </message>
    <message>
        <location line="+2" />
        <source> on {files}</source>
        <translation> ({files})</translation>
    </message>
</context>
<context>
    <name>TraceView</name>
    <message>
        <location filename="../widgets/trace_view.py" line="-36" />
        <source>no adjacent pair has a merge any more: these are the tokens</source>
        <translation>병합이 있는 인접 쌍이 더 없음: 이것이 토큰입니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>one symbol left: nothing to pair</source>
        <translation>기호가 하나 남음: 짝지을 것이 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the whole word is a token (ignore_merges)</source>
        <translation>단어 전체가 토큰 (ignore_merges)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>every character was dropped (no unknown token)</source>
        <translation>모든 문자가 버려짐 (UNK 토큰 없음)</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+9" />
        <source>empty word</source>
        <translation>빈 단어</translation>
    </message>
    <message>
        <location line="-6" />
        <source>every position matched: the matches are the tokens</source>
        <translation>모든 위치가 일치: 일치한 항목이 토큰입니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>nothing in the vocabulary matches here, so the WHOLE word becomes {unk}</source>
        <translation>여기서 어휘의 어떤 항목도 일치하지 않아 단어 전체가 {unk} 토큰이 됩니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>longer than max_input_chars_per_word: the whole word becomes {unk}</source>
        <translation>max_input_chars_per_word보다 길어서 단어 전체가 {unk} 토큰이 됩니다</translation>
    </message>
    <message>
        <location line="+40" />
        <source>Select a word above to see how each model cut it.</source>
        <translation>위에서 단어를 고르면 모델마다 어떻게 잘랐는지 나옵니다.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>Steps of the model on the word</source>
        <translation>단어에 대한 모델의 단계</translation>
    </message>
    <message>
        <location line="+10" />
        <source>Unigram lattice of the word</source>
        <translation>단어의 Unigram 격자</translation>
    </message>
    <message>
        <location line="+27" />
        <source>An added token: the model never sees it.</source>
        <translation>추가 토큰: 모델은 이 토큰을 보지 않습니다.</translation>
    </message>
    <message>
        <location line="+2" />
        <source>No step-by-step view for this model.</source>
        <translation>이 모델에는 단계별 보기가 없습니다.</translation>
    </message>
    <message>
        <location line="+16" />
        <source>start: one symbol per character</source>
        <translation>시작: 문자마다 기호 하나</translation>
    </message>
    <message>
        <location line="+12" />
        <source>rank {rank}: {token}</source>
        <translation>순위 {rank}: {token}</translation>
    </message>
    <message>
        <location line="+6" />
        <source>stop</source>
        <translation>멈춤</translation>
    </message>
    <message>
        <location line="+3" />
        <source>BPE on {word}: apply the lowest-rank merge among the adjacent pairs, repeat. {merges} merges, {tokens} tokens.</source>
        <translation>{word}에 BPE 적용: 인접 쌍 가운데 순위가 가장 낮은 병합을 적용하고 반복합니다. 병합 {merges}번, 토큰 {tokens}개.</translation>
    </message>
    <message>
        <location line="+14" />
        <source>position {n}</source>
        <translation>위치 {n}</translation>
    </message>
    <message>
        <location line="+3" />
        <source>no match</source>
        <translation>일치 없음</translation>
    </message>
    <message>
        <location line="+7" />
        <source>end</source>
        <translation>끝</translation>
    </message>
    <message>
        <location line="+7" />
        <source>WordPiece on {word}: at each position take the longest vocabulary entry (with ## after the first), trying longest first.</source>
        <translation>{word}에 WordPiece 적용: 위치마다 가장 긴 어휘 항목을 (첫 항목 뒤에는 ## 포함) 긴 것부터 시도해 고릅니다.</translation>
    </message>
    <message>
        <location line="+8" />
        <source>No path through {word}: an unseen character and no unknown piece.</source>
        <translation>{word}을(를) 지나는 경로가 없음: 처음 보는 문자가 있는데 UNK 조각이 없습니다.</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Unigram lattice of {word}: {n} candidate pieces. Viterbi best path (highlighted) = {pieces}, total log-probability {score}.</source>
        <translation>{word}의 Unigram 격자: 후보 조각 {n}개. Viterbi 최적 경로(강조) = {pieces}, 전체 로그 확률 {score}.</translation>
    </message>
</context>
<context>
    <name>TrainingCurvePlot</name>
    <message>
        <location filename="../plots/training_plot.py" line="+120" />
        <source>merge rank</source>
        <extracomment>Curves of at most this many points also mark each point. SI prefixes for tick labels, largest first (from 10,000 up, as ``readable_number``)</extracomment>
        <translation>병합 순위</translation>
    </message>
</context>
<context>
    <name>TrainingPane</name>
    <message>
        <location filename="../panes/training_pane.py" line="+60" />
        <source>Byte-level BPE (GPT-2)</source>
        <extracomment>combo label (English; the combo shows it translated) -&gt; (preset algorithm, WordPiece scoring, default vocabulary size); the sizes leave room for the bundled sample corpus's alphabet (BPE needs 706 symbols there, WordPiece 550: a smaller size is refused)</extracomment>
        <translation>바이트 수준 BPE (GPT-2)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>BPE with &lt;/w&gt; (Sennrich)</source>
        <translation>&lt;/w&gt;를 쓰는 BPE (Sennrich)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>WordPiece — likelihood</source>
        <translation>WordPiece — 우도</translation>
    </message>
    <message>
        <location line="+2" />
        <source>WordPiece — frequency</source>
        <translation>WordPiece — 빈도</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Unigram (SentencePiece)</source>
        <translation>Unigram (SentencePiece)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Parity-aware BPE (per language)</source>
        <translation>패리티 인식 BPE (언어별)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>Longest language wins each merge</source>
        <extracomment>parity-aware BPE's variants: (setting, combo label)</extracomment>
        <translation>가장 긴 언어가 각 병합을 가져감</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Moving window (balanced turns)</source>
        <translation>이동 창 (차례 균형)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Train on the loaded corpus with these options (Ctrl+T)</source>
        <translation>이 옵션으로 불러온 말뭉치에서 학습합니다 (Ctrl+T)</translation>
    </message>
    <message>
        <location filename="../training_service.py" line="+260" />
        <source>the training failed</source>
        <translation>학습에 실패했습니다</translation>
    </message>
    <message>
        <location filename="../panes/training_pane.py" line="+68" />
        <source>The training algorithm: byte-level BPE (GPT-2, no unknown tokens), BPE with an end-of-word marker (Sennrich), WordPiece (BERT; merges chosen by likelihood or by frequency) or Unigram (SentencePiece; prunes a large seed vocabulary)</source>
        <extracomment>Permille steps of the progress bar (one bar for the whole run).</extracomment>
        <translation>학습 알고리즘: 바이트 수준 BPE (GPT-2, UNK 토큰 없음), 단어 끝 표지를 쓰는 BPE (Sennrich), WordPiece (BERT, 우도나 빈도로 병합 선택), Unigram (SentencePiece, 큰 초기 어휘를 가지치기)</translation>
    </message>
    <message>
        <location line="+7" />
        <source>Vocabulary size to reach, special tokens included. A small corpus may run out of pairs first: the tokenizer's name then says the size it really has</source>
        <translation>목표 어휘 크기 (특수 토큰 포함). 작은 말뭉치는 그 전에 쌍이 바닥날 수 있으며, 그러면 토크나이저 이름에 실제 크기가 나옵니다</translation>
    </message>
    <message>
        <location line="+6" />
        <source>A pair is merged only if it occurs at least this many times in the corpus (BPE and WordPiece; Unigram has no such threshold)</source>
        <translation>말뭉치에 이 횟수 이상 나타나는 쌍만 병합합니다 (BPE와 WordPiece. Unigram에는 이런 기준이 없음)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Special tokens, separated by spaces; they get the first ids and are never split</source>
        <translation>공백으로 구분한 특수 토큰. 맨 앞 id를 받으며 절대 나뉘지 않습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Train</source>
        <translation>학습</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Stop this training; the current tokenizer is kept (Ctrl+.)</source>
        <translation>이 학습을 멈춥니다. 현재 토크나이저는 유지됩니다 (Ctrl+.)</translation>
    </message>
    <message>
        <location line="+5" />
        <source>idle</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <location line="+1" />
        <source>The whole run: one percentage and the time left across all stages (reading, counting, merging or EM rounds, finishing)</source>
        <translation>전체 실행: 모든 단계 (읽기, 세기, 병합 또는 EM 라운드, 마무리)를 통틀은 진행률과 남은 시간</translation>
    </message>
    <message>
        <location line="+5" />
        <source>The last merge (BPE, WordPiece) or round (Unigram)</source>
        <translation>마지막 병합 (BPE, WordPiece) 또는 라운드 (Unigram)</translation>
    </message>
    <message>
        <location line="+6" />
        <source>The run ended with another vocabulary size than asked</source>
        <translation>요청과 다른 어휘 크기로 실행이 끝났습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Pair count per merge (BPE), score per merge (WordPiece) or loss per round (Unigram), drawn while the training runs</source>
        <translation>병합별 쌍 횟수 (BPE), 병합별 점수 (WordPiece), 라운드별 손실 (Unigram)을 학습하는 동안 그립니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Algorithm</source>
        <translation>알고리즘</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Vocabulary size</source>
        <translation>어휘 크기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Min frequency</source>
        <translation>최소 빈도</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Special tokens</source>
        <translation>특수 토큰</translation>
    </message>
    <message>
        <location line="+39" />
        <source>Parity-aware BPE trains on one file per language, named by its code (eng_Latn.txt, kor_Hang.txt, …), not on the loaded corpus. Parallel dev texts in a 'dev' subfolder, named the same way, measure each language's length; without them, each language's compression of its own text is compared</source>
        <translation>패리티 인식 BPE는 불러온 말뭉치가 아니라 언어 코드로 이름 붙인 언어별 파일(eng_Latn.txt, kor_Hang.txt, …)로 학습합니다. 같은 방식으로 이름 붙인 dev/ 하위 폴더의 병렬 개발 텍스트로 각 언어의 길이를 잽니다. 개발 텍스트가 없으면 각 언어가 자기 텍스트를 얼마나 압축하는지 비교합니다</translation>
    </message>
    <message>
        <location line="+79" />
        <location line="+33" />
        <source>No corpus</source>
        <translation>말뭉치 없음</translation>
    </message>
    <message>
        <location line="-32" />
        <source>Open a corpus before training.</source>
        <translation>학습하기 전에 말뭉치를 여세요.</translation>
    </message>
    <message>
        <location line="+12" />
        <source>No languages folder</source>
        <translation>언어 폴더 없음</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Choose a folder of one file per language before training parity-aware BPE.</source>
        <translation>패리티 인식 BPE를 학습하기 전에 언어마다 파일 하나가 든 폴더를 고르세요.</translation>
    </message>
    <message>
        <location line="+20" />
        <source>Open a corpus to retrain on first.</source>
        <translation>먼저 재학습할 말뭉치를 여세요.</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Cannot retrain</source>
        <translation>재학습할 수 없습니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{name} has a {model} model, which has no trainer: only BPE, WordPiece and Unigram models can be retrained.</source>
        <translation>{name}의 모델은 {model}이며 트레이너가 없습니다: BPE, WordPiece, Unigram 모델만 재학습할 수 있습니다.</translation>
    </message>
    <message>
        <location line="+22" />
        <source>Cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <location line="+8" />
        <source>loss per round</source>
        <translation>라운드별 손실</translation>
    </message>
    <message>
        <location line="+0" />
        <source>round</source>
        <translation>라운드</translation>
    </message>
    <message>
        <location line="+2" />
        <source>score of merge</source>
        <translation>병합 점수</translation>
    </message>
    <message>
        <location line="+0" />
        <location line="+2" />
        <source>merge rank</source>
        <translation>병합 순위</translation>
    </message>
    <message>
        <location line="+0" />
        <source>pair count</source>
        <translation>쌍 횟수</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Round {round}: {size} pieces, loss {loss}, {removed} removed</source>
        <translation>라운드 {round}: 조각 {size}개, 손실 {loss}, {removed}개 제거</translation>
    </message>
    <message>
        <location line="+9" />
        <source>Merge {rank}: {left} + {right} → {token} (count {count})</source>
        <translation>병합 {rank}: {left} + {right} → {token} (횟수 {count})</translation>
    </message>
    <message>
        <location line="+4" />
        <source>for {language}</source>
        <translation>{language}용</translation>
    </message>
    <message>
        <location line="+2" />
        <source>global merge</source>
        <translation>전체 병합</translation>
    </message>
    <message>
        <location line="+37" />
        <source>the corpus has too few distinct pieces</source>
        <translation>말뭉치에 서로 다른 조각이 너무 적습니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the corpus has no more pairs to merge that occur at least {n} times</source>
        <translation>말뭉치에 {n}회 이상 나타나는 병합할 쌍이 더 없습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>⚠ Stopped at {size} tokens of the {asked} asked: {why}. A larger corpus gives more.</source>
        <translation>⚠ 요청한 {asked}개 중 토큰 {size}개에서 멈췄습니다: {why}. 말뭉치가 크면 더 많아집니다.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>100% · done: {name}</source>
        <translation>100% · 완료: {name}</translation>
    </message>
    <message>
        <location line="+54" />
        <source>Choose a languages folder first</source>
        <translation>먼저 언어 폴더를 고르세요</translation>
    </message>
    <message>
        <location filename="../training_service.py" line="-31" />
        <source>Trained {name} on {summary}</source>
        <extracomment>who started it ("train": the Train view; "build", "four": the Build view), so that the view that asked says a failure, and the others only show the progress the vocabulary size asked and the size the tokenizer really has (trained runs)</extracomment>
        <translation>{name}을(를) 학습했습니다: {summary}</translation>
    </message>
    <message>
        <location filename="../panes/training_pane.py" line="-82" />
        <source>failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <location filename="../panes/builder_pane.py" line="-714" />
        <location line="+55" />
        <location filename="../panes/training_pane.py" line="-250" />
        <location line="+64" />
        <source>Languages folder</source>
        <translation>언어 폴더</translation>
    </message>
    <message>
        <location line="-53" />
        <location filename="../panes/training_pane.py" line="-63" />
        <source>Parity</source>
        <translation>패리티</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../panes/training_pane.py" line="+1" />
        <source>Global merges</source>
        <translation>전체 병합</translation>
    </message>
    <message>
        <location line="+30" />
        <location filename="../panes/training_pane.py" line="+33" />
        <source>a folder of one file per language</source>
        <translation>언어마다 파일 하나가 든 폴더</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../panes/training_pane.py" line="+1" />
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../panes/training_pane.py" line="+1" />
        <source>Choose the languages folder</source>
        <translation>언어 폴더 고르기</translation>
    </message>
    <message>
        <location line="+51" />
        <location filename="../panes/training_pane.py" line="+16" />
        <source>Each merge serves the language whose text is longest; the moving window also keeps one language from winning more than its share of the recent merges</source>
        <translation>각 병합은 텍스트가 가장 긴 언어를 위해 쓰입니다. 이동 창은 한 언어가 최근 병합에서 제 몫보다 많이 가져가지 못하게도 합니다</translation>
    </message>
    <message>
        <location line="+4" />
        <location filename="../panes/training_pane.py" line="+6" />
        <source>The first merges are plain BPE over all languages together (the hybrid variant); 0 makes every merge parity-aware</source>
        <translation>처음 병합들은 모든 언어를 합친 일반 BPE로 합니다(혼합 방식). 0이면 모든 병합이 패리티를 따릅니다</translation>
    </message>
    <message>
        <location line="+565" />
        <location filename="../panes/training_pane.py" line="+193" />
        <source>Training failed</source>
        <translation>학습 실패</translation>
    </message>
    <message>
        <location line="+2" />
        <location filename="../panes/training_pane.py" line="+1" />
        <source>The current tokenizer is kept.</source>
        <translation>현재 토크나이저를 유지합니다.</translation>
    </message>
    <message>
        <location filename="../panes/training_pane.py" line="+3" />
        <source>cancelled</source>
        <translation>취소됨</translation>
    </message>
    <message>
        <location filename="../panes/builder_pane.py" line="+5" />
        <location filename="../panes/training_pane.py" line="+2" />
        <location filename="../training_service.py" line="+13" />
        <source>no tokenizer</source>
        <translation>토크나이저 없음</translation>
    </message>
    <message>
        <location line="-2" />
        <location filename="../panes/training_pane.py" line="+1" />
        <location filename="../training_service.py" line="+1" />
        <source>Training cancelled; kept {name}.</source>
        <translation>학습을 취소했습니다. {name}을(를) 유지합니다.</translation>
    </message>
    <message>
        <location filename="../panes/training_pane.py" line="+76" />
        <source>Open a corpus first</source>
        <translation>먼저 말뭉치를 여세요</translation>
    </message>
</context>
<context>
    <name>UndoHistory</name>
    <message>
        <location filename="../undo.py" line="+50" />
        <source>Brought back {name}</source>
        <translation>{name}을(를) 되돌렸습니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Took back the edit {name}</source>
        <translation>편집 {name}을(를) 되돌림</translation>
    </message>
    <message>
        <location line="+16" />
        <source>&amp;Undo remove tokenizer</source>
        <translation>토크나이저 제거 취소(&amp;U)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Undo replace corpus</source>
        <translation>말뭉치 바꾸기 취소(&amp;U)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&amp;Undo vocabulary edit</source>
        <translation>어휘 편집 실행 취소(&amp;U)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>&amp;Undo</source>
        <translation>실행 취소(&amp;U)</translation>
    </message>
</context>
<context>
    <name>ViewBox</name>
    <message>
        <location filename="../plots/pyqtgraph_strings.py" line="-62" />
        <source>ViewBox options</source>
        <translation>보기 영역 옵션</translation>
    </message>
    <message>
        <location line="+1" />
        <source>View All</source>
        <translation>전체 보기</translation>
    </message>
    <message>
        <location line="+1" />
        <source>axis</source>
        <translation>축</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Mouse Mode</source>
        <translation>마우스 모드</translation>
    </message>
    <message>
        <location line="+1" />
        <source>3 button</source>
        <translation>3버튼</translation>
    </message>
    <message>
        <location line="+1" />
        <source>1 button</source>
        <translation>1버튼</translation>
    </message>
</context>
<context>
    <name>VocabPane</name>
    <message>
        <location filename="../panes/vocab_pane.py" line="+48" />
        <source>substring</source>
        <extracomment>The search modes as the combo shows them (the mode itself is the item's data).</extracomment>
        <translation>부분 문자열</translation>
    </message>
    <message>
        <location line="+1" />
        <source>regex</source>
        <translation>정규식</translation>
    </message>
    <message>
        <location line="+1" />
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Tokens whose readable form (␣, ⟨C3⟩) or raw string (Ġ, ▁) contains the text</source>
        <extracomment>Vocabularies up to this size are tabulated at once (~30 ms); larger ones in a worker.</extracomment>
        <translation>읽기 쉬운 형태(␣, ⟨C3⟩)나 원형 문자열(Ġ, ▁)에 이 텍스트가 들어 있는 토큰</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Tokens whose readable or raw form matches a Python regular expression, e.g. ^␣[A-Z] or ing$</source>
        <translation>읽기 쉬운 형태나 원형이 Python 정규식과 일치하는 토큰, 예: ^␣[A-Z] 또는 ing$</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Tokens by id: #123, 123, or several ids separated by spaces or commas</source>
        <translation>id로 찾기: #123, 123, 또는 공백이나 쉼표로 구분한 여러 id</translation>
    </message>
    <message>
        <location line="+70" />
        <location line="+158" />
        <source>Search tokens…</source>
        <extracomment>Progress of the frequency count every this many words (~10-30 ms of work).</extracomment>
        <translation>토큰 검색…</translation>
    </message>
    <message>
        <location line="-155" />
        <source>Find tokens; the mode on the right says how the text is read</source>
        <translation>토큰을 찾습니다. 오른쪽 방식에 따라 입력을 해석합니다</translation>
    </message>
    <message>
        <location line="+6" />
        <source>How to search: substring, regular expression, or id</source>
        <translation>검색 방식: 부분 문자열, 정규식, id</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Tokens shown (matching the search) of the whole vocabulary</source>
        <translation>전체 어휘 중 (검색과 일치해) 보이는 토큰 수</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Where the frequency column comes from</source>
        <translation>빈도 열의 출처</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Progress of the current computation</source>
        <translation>현재 계산의 진행률</translation>
    </message>
    <message>
        <location line="+2" />
        <location line="+245" />
        <source>Count frequencies</source>
        <translation>빈도 세기</translation>
    </message>
    <message>
        <location line="-243" />
        <source>Encode every corpus word and count how often each token occurs (runs in the background)</source>
        <translation>말뭉치의 모든 단어를 인코딩해 각 토큰이 나타나는 횟수를 셉니다 (백그라운드에서 실행)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Stop counting token frequencies</source>
        <translation>토큰 빈도 세기를 멈춥니다</translation>
    </message>
    <message>
        <location line="+20" />
        <source>Token</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Audit</source>
        <translation>감사</translation>
    </message>
    <message>
        <location line="+41" />
        <source>no tokenizer</source>
        <translation>토크나이저 없음</translation>
    </message>
    <message>
        <location line="+9" />
        <source>reading the vocabulary…</source>
        <translation>어휘를 읽는 중…</translation>
    </message>
    <message>
        <location line="+18" />
        <source>sorting %p%</source>
        <translation>정렬하는 중 %p%</translation>
    </message>
    <message>
        <location line="+1" />
        <source>reading the vocabulary %p%</source>
        <translation>어휘를 읽는 중 %p%</translation>
    </message>
    <message>
        <location line="+13" />
        <source>cannot read the vocabulary: {error}</source>
        <translation>어휘를 읽을 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+29" />
        <source>#123 or 101, 102…</source>
        <translation>#123 또는 101, 102…</translation>
    </message>
    <message>
        <location line="+1" />
        <source>^␣[A-Z] or ing$</source>
        <translation>^␣[A-Z] 또는 ing$</translation>
    </message>
    <message>
        <location line="+22" />
        <source>{shown} of {total} tokens</source>
        <translation>토큰 {total}개 중 {shown}개</translation>
    </message>
    <message>
        <location line="+29" />
        <source>counting token frequencies in the corpus…</source>
        <translation>말뭉치에서 토큰 빈도를 세는 중…</translation>
    </message>
    <message>
        <location line="+21" />
        <source>{0} of {1} words</source>
        <translation>단어 {1}개 중 {0}개</translation>
    </message>
    <message>
        <location line="+34" />
        <source>Recount</source>
        <translation>다시 세기</translation>
    </message>
    <message>
        <location line="+5" />
        <source>open or train a tokenizer to see its vocabulary</source>
        <translation>어휘를 보려면 토크나이저를 열거나 학습하세요</translation>
    </message>
    <message>
        <location line="+2" />
        <source>frequency —: load a corpus to see frequencies</source>
        <translation>빈도 —: 빈도를 보려면 말뭉치를 불러오세요</translation>
    </message>
    <message>
        <location line="+2" />
        <source>frequency —: the loaded corpus has no word counts</source>
        <translation>빈도 —: 불러온 말뭉치에 단어 빈도가 없습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>frequency: {n} distinct corpus words (most frequent words only), each encoded alone</source>
        <translation>빈도: 서로 다른 말뭉치 단어 {n}개 (가장 빈번한 단어만), 각각 따로 인코딩</translation>
    </message>
    <message>
        <location line="+2" />
        <source>frequency: {n} distinct corpus words, each encoded alone</source>
        <translation>빈도: 서로 다른 말뭉치 단어 {n}개, 각각 따로 인코딩</translation>
    </message>
    <message>
        <location line="+3" />
        <source>frequency —: cannot count token frequencies: {error}</source>
        <translation>빈도 —: 토큰 빈도를 셀 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+3" />
        <source>frequency —: counting cancelled (Count frequencies to start again)</source>
        <translation>빈도 —: 세기를 취소했습니다 (빈도 세기를 누르면 다시 시작)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>frequency —: not counted yet</source>
        <translation>빈도 —: 아직 세지 않음</translation>
    </message>
    <message>
        <location line="+57" />
        <source>Select a token</source>
        <translation>토큰을 고르세요</translation>
    </message>
    <message>
        <location line="+4" />
        <source>load a corpus to see them</source>
        <translation>보려면 말뭉치를 불러오세요</translation>
    </message>
    <message>
        <location line="+1" />
        <source>not counted yet</source>
        <translation>아직 세지 않음</translation>
    </message>
</context>
<context>
    <name>WindowsPane</name>
    <message>
        <location filename="../panes/windows_pane.py" line="-55" />
        <source>Cut the longer text first (HF's default); with a question, both may be cut and the windows combine every piece of each</source>
        <extracomment>Debounce of typing in the question and of the spin boxes (ms).</extracomment>
        <translation>더 긴 텍스트부터 자릅니다 (HF 기본값). 질문이 있으면 둘 다 잘릴 수 있고 윈도우는 양쪽의 모든 조각을 조합합니다</translation>
    </message>
    <message>
        <location line="+4" />
        <source>Cut only the first text (the question, with a pair)</source>
        <translation>첫 번째 텍스트만 자릅니다 (쌍일 때는 질문)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Cut only the context, keeping the whole question in every window (transformers' question-answering preprocessing)</source>
        <translation>문맥만 자르고 모든 윈도우에 질문 전체를 둡니다 (transformers의 질의응답 전처리)</translation>
    </message>
    <message>
        <location line="+74" />
        <source>Question (optional): makes each window a (question, text) pair, as in question answering</source>
        <translation>질문 (선택): 질의응답처럼 각 윈도우를 (질문, 텍스트) 쌍으로 만듭니다</translation>
    </message>
    <message>
        <location line="+5" />
        <source>max_length: tokens per window, special tokens included</source>
        <translation>max_length: 윈도우당 토큰 수 (특수 토큰 포함)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>stride: tokens each window shares with the previous one</source>
        <translation>stride: 각 윈도우가 이전 윈도우와 공유하는 토큰 수</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Which text is cut when a (question, text) pair is too long</source>
        <translation>(질문, 텍스트) 쌍이 너무 길 때 어느 텍스트를 자를지</translation>
    </message>
    <message>
        <location line="+3" />
        <source>right: windows run from the start of the text (the tail overflows); left: from its end</source>
        <translation>right: 텍스트 처음부터 윈도우를 만듦 (뒷부분이 넘침), left: 끝에서부터</translation>
    </message>
    <message>
        <location line="+2" />
        <source>special tokens</source>
        <translation>특수 토큰</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Let the post-processor add [CLS], [SEP] … to every window</source>
        <translation>후처리기가 모든 윈도우에 [CLS], [SEP] …를 덧붙입니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Like QA</source>
        <translation>QA처럼</translation>
    </message>
    <message>
        <location line="+2" />
        <source>transformers' question-answering settings: max_length 384, stride 128, only_second, right</source>
        <translation>transformers의 질의응답 설정: max_length 384, stride 128, only_second, right</translation>
    </message>
    <message>
        <location line="+6" />
        <source>Cutting the text into windows…</source>
        <translation>텍스트를 윈도우로 자르는 중…</translation>
    </message>
    <message>
        <location line="+130" />
        <source>Train or open a tokenizer first.</source>
        <translation>먼저 토크나이저를 학습하거나 여세요.</translation>
    </message>
    <message>
        <location line="+25" />
        <source>Cannot cut the text into windows: {error}</source>
        <translation>텍스트를 윈도우로 자를 수 없습니다: {error}</translation>
    </message>
    <message>
        <location line="+17" />
        <source>&lt;b&gt;1 window&lt;/b&gt; of ≤ {max} tokens for a text of {tokens} tokens ({chars} characters)</source>
        <translation>토큰 {tokens}개 ({chars}자) 텍스트에 대해 토큰 ≤ {max}개짜리 &lt;b&gt;윈도우 1개&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&lt;b&gt;{n} windows&lt;/b&gt; of ≤ {max} tokens for a text of {tokens} tokens ({chars} characters)</source>
        <translation>토큰 {tokens}개 ({chars}자) 텍스트에 대해 토큰 ≤ {max}개짜리 &lt;b&gt;윈도우 {n}개&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+3" />
        <source>&lt;b&gt;1 window&lt;/b&gt; of ≤ {max} tokens for a context of {tokens} tokens ({chars} characters)</source>
        <translation>토큰 {tokens}개 ({chars}자) 문맥에 대해 토큰 ≤ {max}개짜리 &lt;b&gt;윈도우 1개&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+2" />
        <source>&lt;b&gt;{n} windows&lt;/b&gt; of ≤ {max} tokens for a context of {tokens} tokens ({chars} characters)</source>
        <translation>토큰 {tokens}개 ({chars}자) 문맥에 대해 토큰 ≤ {max}개짜리 &lt;b&gt;윈도우 {n}개&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+5" />
        <source>the question ({n} tokens) is in every window</source>
        <translation>질문 (토큰 {n}개)이 모든 윈도우에 들어 있음</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the question is cut too</source>
        <translation>질문도 잘림</translation>
    </message>
    <message>
        <location line="+2" />
        <source>neighbours share {n} tokens (stride): {bar} under them</source>
        <translation>이웃 윈도우가 토큰 {n}개를 공유 (stride): 아래의 {bar}</translation>
    </message>
    <message>
        <location line="+4" />
        <source>the first {n} windows are drawn</source>
        <translation>처음 {n}개 윈도우만 그림</translation>
    </message>
</context>
<context>
    <name>WindowsView</name>
    <message>
        <location filename="../widgets/windows_view.py" line="+136" />
        <source>the encoding</source>
        <extracomment>Tokens drawn at most, all windows together (the table lists every window). Characters of one cell's label at most (a 300-character unknown word is cut with "…").</extracomment>
        <translation>인코딩</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{n} tokens</source>
        <translation>토큰 {n}개</translation>
    </message>
    <message>
        <location line="+3" />
        <source>chars {start}–{end}</source>
        <translation>문자 {start}–{end}</translation>
    </message>
    <message>
        <location line="+3" />
        <source>shares {tokens} tokens ({chars} chars) with window {k}</source>
        <translation>윈도우 {k}에도 있는 토큰 {tokens}개 (문자 {chars}개)</translation>
    </message>
    <message>
        <location line="+3" />
        <source>Window {k}</source>
        <translation>윈도우 {k}</translation>
    </message>
    <message>
        <location line="+176" />
        <source>… {n} more windows not drawn (all are in the table below)</source>
        <translation>… 그리지 않은 윈도우 {n}개 더 (모두 아래 표에 있음)</translation>
    </message>
    <message>
        <location line="+125" />
        <source>In no token (the tokenizer drops these characters)</source>
        <translation>어느 토큰에도 없음 (토크나이저가 이 문자들을 버림)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>special token</source>
        <translation>특수 토큰</translation>
    </message>
    <message>
        <location line="+0" />
        <source>question</source>
        <translation>질문</translation>
    </message>
    <message>
        <location line="+1" />
        <source>context</source>
        <translation>문맥</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Window {k} — {kind}</source>
        <translation>윈도우 {k} — {kind}</translation>
    </message>
    <message>
        <location line="+3" />
        <source>  #{i}  {shown}   raw {raw}  id {id}  offsets {offsets}</source>
        <translation>  #{i}  {shown}   원형 {raw}  id {id}  오프셋 {offsets}</translation>
    </message>
    <message>
        <location line="+7" />
        <source>also in window {a} (the stride overlap)</source>
        <translation>윈도우 {a}에도 있음 (stride 겹침)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>also in window {a} and window {b} (the stride overlap)</source>
        <translation>윈도우 {a}, 윈도우 {b}에도 있음 (stride 겹침)</translation>
    </message>
    <message>
        <location line="+26" />
        <source>Windows of the text</source>
        <translation>텍스트의 윈도우</translation>
    </message>
    <message>
        <location line="+1" />
        <source>One block of tokens per window. The arrow keys move through the tokens, Enter selects one.</source>
        <translation>윈도우마다 토큰 블록 하나. 화살표 키로 토큰 사이를 옮기고 Enter 키로 선택합니다.</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <location filename="../wording.py" line="+20" />
        <source>Reading the corpus</source>
        <translation>말뭉치 읽는 중</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Counting words</source>
        <translation>단어 세는 중</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Counting pairs</source>
        <translation>쌍 세는 중</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Merging</source>
        <translation>병합하는 중</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Seeding pieces</source>
        <translation>초기 조각 만드는 중</translation>
    </message>
    <message>
        <location line="+1" />
        <source>EM round</source>
        <translation>EM 라운드</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Pruning</source>
        <translation>가지치기하는 중</translation>
    </message>
    <message>
        <location line="+1" />
        <source>Finishing</source>
        <translation>마무리하는 중</translation>
    </message>
    <message>
        <location line="+21" />
        <source>ETA {s} s</source>
        <translation>남은 시간 {s}초</translation>
    </message>
    <message>
        <location line="+1" />
        <source>ETA {m} min {s} s</source>
        <translation>남은 시간 {m}분 {s}초</translation>
    </message>
    <message>
        <location line="+23" />
        <source>{n} bytes</source>
        <translation>{n}바이트</translation>
    </message>
    <message>
        <location line="+11" />
        <source>1 file</source>
        <translation>파일 1개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{n} files</source>
        <translation>파일 {n}개</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{n} documents</source>
        <translation>문서 {n}개</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{n} characters ({distinct} distinct)</source>
        <translation>문자 {n}개 (서로 다른 문자 {distinct}개)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>{n} words ({unique} unique)</source>
        <translation>단어 {n}개 (서로 다른 단어 {unique}개)</translation>
    </message>
    <message>
        <location line="+4" />
        <source>{n} invalid UTF-8 sequences</source>
        <translation>잘못된 UTF-8 시퀀스 {n}개</translation>
    </message>
    <message>
        <location line="+3" />
        <source>{n} files skipped</source>
        <translation>건너뛴 파일 {n}개</translation>
    </message>
    <message>
        <location line="+7" />
        <source>byte-level: an unseen character is spelled with its UTF-8 bytes, so nothing is ever unknown</source>
        <extracomment>``UnknownStrategy.kind`` (and the model, where the sentence differs) -&gt; the sentence.</extracomment>
        <translation>바이트 수준: 처음 보는 문자는 UTF-8 바이트로 적으므로 UNK가 생기지 않습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>unseen characters become &lt;0xNN&gt; byte tokens</source>
        <translation>처음 보는 문자는 &lt;0xNN&gt; 바이트 토큰이 됩니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>unseen characters become &lt;0xNN&gt; byte pieces</source>
        <translation>처음 보는 문자는 &lt;0xNN&gt; 바이트 조각이 됩니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>consecutive unseen characters fuse into one {unk}</source>
        <translation>이어진 처음 보는 문자들이 {unk} 토큰 하나로 합쳐집니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>one {unk} per unseen character</source>
        <translation>처음 보는 문자마다 {unk} 토큰 하나</translation>
    </message>
    <message>
        <location line="+1" />
        <source>no unknown token: unseen characters are dropped</source>
        <translation>UNK 토큰 없음: 처음 보는 문자는 버려집니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>the whole word becomes {unk} as soon as a piece is missing</source>
        <translation>조각 하나라도 없으면 단어 전체가 {unk} 토큰이 됩니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>the whole word becomes {unk} as soon as it is not in the vocabulary</source>
        <translation>단어가 어휘에 없으면 단어 전체가 {unk} 토큰이 됩니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>a run of unseen characters becomes one {unk}</source>
        <translation>처음 보는 문자가 이어지면 {unk} 토큰 하나가 됩니다</translation>
    </message>
    <message>
        <location line="+1" />
        <source>no unknown piece: an unseen character is an error</source>
        <translation>UNK 조각 없음: 처음 보는 문자는 오류가 됩니다</translation>
    </message>
    <message>
        <location line="+24" />
        <source>1 id not in the vocabulary (left out): {ids}</source>
        <translation>어휘에 없는 id 1개 (뺌): {ids}</translation>
    </message>
    <message>
        <location line="+4" />
        <source>{n} ids not in the vocabulary (left out): {ids}</source>
        <translation>어휘에 없는 id {n}개 (뺌): {ids}</translation>
    </message>
    <message>
        <location line="+4" />
        <source>1 piece not a token id (ignored): {pieces}</source>
        <translation>토큰 id가 아닌 조각 1개 (무시): {pieces}</translation>
    </message>
    <message>
        <location line="+4" />
        <source>{n} pieces not a token id (ignored): {pieces}</source>
        <translation>토큰 id가 아닌 조각 {n}개 (무시): {pieces}</translation>
    </message>
    <message>
        <location line="+4" />
        <source>cannot decode: {error}</source>
        <translation>디코딩할 수 없음: {error}</translation>
    </message>
    <message>
        <location line="+10" />
        <source>… (+{n} more)</source>
        <translation>… (+{n}개 더)</translation>
    </message>
    <message>
        <location line="+11" />
        <source>model_max_length in tokenizer_config.json</source>
        <extracomment>Where a token-classification model's length limit comes from (library words -&gt; ours).</extracomment>
        <translation>tokenizer_config.json의 model_max_length</translation>
    </message>
    <message>
        <location line="+3" />
        <source>the size of its position table; no model_max_length is given, so transformers' pipeline would fail on this text</source>
        <translation>위치 임베딩 표의 크기. model_max_length가 없어서 transformers 파이프라인이라면 이 텍스트에서 실패합니다</translation>
    </message>
    <message>
        <location line="+11" />
        <source>max_length {max} is below the {n} special tokens: HF then does not truncate at all (one window holds everything)</source>
        <translation>max_length 값 {max}이(가) 특수 토큰 수 {n}보다 작음: 이때 HF는 전혀 자르지 않습니다 (윈도우 하나에 전부 담김)</translation>
    </message>
    <message>
        <location line="+13" />
        <source>The text is longer than the model's {n} tokens ({source}): only its first {chars} characters were classified.</source>
        <translation>텍스트가 모델의 토큰 {n}개({source})보다 깁니다: 처음 {chars}자만 분류했습니다.</translation>
    </message>
    <message>
        <location line="+9" />
        <source>{0} subwords + 256 bytes (ids from 1; 0 is padding)</source>
        <extracomment>Pieces of a format description (``Source.description``), in the order they are replaced: the pattern of the library's words and the same words as a template of its groups.</extracomment>
        <translation>서브워드 {0}개 + 바이트 256개 (id는 1부터, 0은 패딩)</translation>
    </message>
    <message>
        <location line="+2" />
        <source>+ {0} added</source>
        <translation>+ 추가 {0}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>+ {0} special token</source>
        <translation>+ 특수 토큰 {0}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>+ {0} special tokens</source>
        <translation>+ 특수 토큰 {0}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{0} tokens</source>
        <translation>토큰 {0}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{0} merges</source>
        <translation>병합 {0}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{0} ranks</source>
        <translation>순위 {0}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>{0} pieces</source>
        <translation>조각 {0}개</translation>
    </message>
    <message>
        <location line="+1" />
        <source>, with {0}</source>
        <translation>, {0} 포함</translation>
    </message>
    <message>
        <location line="+1" />
        <source>SentencePiece {0} model</source>
        <translation>SentencePiece {0} 모델</translation>
    </message>
    <message>
        <location line="+1" />
        <source>BPE codes v{0}</source>
        <translation>BPE 코드 v{0}</translation>
    </message>
    <message>
        <location line="+1" />
        <source> from {0} (</source>
        <translation>, {0} 기반 (</translation>
    </message>
    <message>
        <location line="+1" />
        <source>byte-level BPE</source>
        <translation>바이트 수준 BPE</translation>
    </message>
    <message>
        <location line="+1" />
        <source>(uncased)</source>
        <translation>(소문자화)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>(cased)</source>
        <translation>(대소문자 구분)</translation>
    </message>
    <message>
        <location line="+1" />
        <source>byte fallback</source>
        <translation>바이트 폴백</translation>
    </message>
    <message>
        <location line="+1" />
        <source>GGUF {0} tokenizer (model '{1}'</source>
        <translation>GGUF {0} 토크나이저 (모델 '{1}'</translation>
    </message>
    <message>
        <location line="+2" />
        <source>, pre-tokenizer '{0}')</source>
        <translation>, 사전 토크나이저 '{0}')</translation>
    </message>
    <message>
        <location line="+1" />
        <source>, chat template</source>
        <translation>, 채팅 템플릿</translation>
    </message>
</context>
<context>
    <name>Workers</name>
    <message>
        <location filename="../workers.py" line="+275" />
        <location line="+14" />
        <source>the training process ended unexpectedly (exit code {code})</source>
        <extracomment>Seconds between two ``yielded`` batches (about 25 updates per second). Scheduling niceness added to the training child (and its word-counting pool). GIL switch interval while a worker runs (the default is 0.005 s).</extracomment>
        <translation>학습 프로세스가 예기치 않게 끝났습니다 (종료 코드 {code})</translation>
    </message>
</context>
<context>
    <name>_Opening</name>
    <message>
        <location filename="../file_actions.py" line="-211" />
        <source>Opening {path}…</source>
        <translation>{path} 여는 중…</translation>
    </message>
    <message>
        <location line="+19" />
        <source>Opened {path} as {name}</source>
        <translation>{path}을(를) {name}(으)로 열었습니다</translation>
    </message>
    <message>
        <location line="+15" />
        <source>Cannot open tokenizer</source>
        <translation>토크나이저를 열 수 없습니다</translation>
    </message>
    <message>
        <location line="+2" />
        <source>The session is unchanged.</source>
        <translation>세션은 바뀌지 않았습니다.</translation>
    </message>
</context>
</TS>
