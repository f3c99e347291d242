package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// A Chinese run's senses (lexicon sense_<word>) are its words when a task
// number is fitted to a flag's help: "标准差 20" is kallisto's "-s,
// --sd: Estimated standard deviation", which "片段长度 180" is not.
func TestChineseSensesFitNumbers(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("kallisto")
	rec := &ToolRecord{Name: "kallisto", Executable: "kallisto"}
	f := MapTask(builtinRules, rec, goldenDoc(t, "kallisto"), sk, "用索引 tx.idx 对单端 s.fq.gz 定量，片段长度 180，标准差 20，输出到 q_out")
	got := Assemble(rec, f).Display
	if !strings.Contains(got, "-s 20") || !strings.Contains(got, "-l 180") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// Senses meet a help's words as roots and count once each.
	help := contentWords("Replicates for ultrafast bootstrap")
	if h := senseHits("次超快自举重复次数", help, nil); !slices.Equal(h, []string{"bootstrap", "replicat", "ultrafast"}) {
		t.Errorf("senseHits = %v", h)
	}
	if h := senseHits("超快自举", help, map[string]bool{"bootstrap": true}); !slices.Equal(h, []string{"ultrafast"}) {
		t.Errorf("senseHits with bootstrap had = %v", h)
	}
	if h := senseHits("排序", help, nil); len(h) != 0 {
		t.Errorf("senseHits of a run with no sense = %v", h)
	}
	m := &mapper{rules: builtinRules, conceptCache: map[string]map[string]bool{}}
	fd := FlagDoc{Name: "--sd", Aliases: []string{"-s"}, Description: "Estimated standard deviation of fragment length"}
	if a, b := m.fitFlag("--sd", &fd, []string{"标准差"}), m.fitFlag("--sd", &fd, []string{"平均值"}); a <= b {
		t.Errorf("fit of 标准差 %v, of 平均值 %v", a, b)
	}
}

// A Chinese run is uncovered when it has a sense (lexicon sense_<word>)
// no word of the command holds: "要求杂合" (heterozygous) asks for more
// than tabix does, and the command is less sure than for the same task
// without it; a run whose sense a set flag's help holds ("输出表头" with
// -h, "print also the header lines") is covered.
func TestChineseSensesUncovered(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("tabix")
	rec := &ToolRecord{Name: "tabix", Executable: "tabix"}
	doc := goldenDoc(t, "tabix")
	plain := MapTask(builtinRules, rec, doc, sk, "从 s.vcf.gz 取出 chr2:100-200 区间的记录")
	more := MapTask(builtinRules, rec, doc, sk, "从 s.vcf.gz 取出 chr2:100-200 区间的记录，要求杂合")
	if more.Features["uncovered_words"] <= plain.Features["uncovered_words"] || more.Confidence >= plain.Confidence {
		t.Errorf("uncovered %v vs %v, confidence %v vs %v", more.Features["uncovered_words"], plain.Features["uncovered_words"], more.Confidence, plain.Confidence)
	}
	cover := map[string]bool{"print": true, "header": true, "lines": true}
	if !chineseRunCovered(senseRoots("输出表头"), nil, coverSenses(cover, nil, false), nil, true) {
		t.Error("表头 is not covered by a header flag")
	}
	if chineseRunCovered(senseRoots("要求杂合"), nil, coverSenses(cover, nil, false), nil, true) {
		t.Error("杂合 is covered by a header flag")
	}
	// a run with no sense is judged by its concepts alone
	if chineseRunCovered(nil, map[string]bool{"sort": true}, nil, map[string]bool{"index": true}, true) ||
		!chineseRunCovered(nil, map[string]bool{"sort": true}, nil, map[string]bool{"sort": true}, true) ||
		!chineseRunCovered(nil, map[string]bool{"sort": true}, nil, nil, false) {
		t.Error("concepts alone")
	}
	// a Chinese example task covers the senses it names
	ex := &scoredExample{ex: skills.Example{Task: "提取区域并输出表头"}}
	if !coverSenses(nil, ex, true)["header"] || coverSenses(nil, ex, false)["header"] {
		t.Error("example task senses")
	}
}

// A Chinese task meets an English example's words through its senses:
// "按读段名称排序" (read, name) is closest to the example that sorts by read
// name, whose command has -n; a task without them is not.
func TestChineseSensesRankExamples(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("samtools")
	rec := &ToolRecord{Name: "samtools", Executable: "samtools"}
	doc := goldenDoc(t, "samtools")
	f := MapTask(builtinRules, rec, doc, sk, "将 t42.bam 按读段名称排序，输出到 t42.byname.bam")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "sort -n") && !strings.Contains(got+" ", " -n ") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// a run its senses stand for gives way to them; one with none stays
	m := &mapper{task: "按读段名称排序 并且 x", taskWords: map[string]bool{"按读段名称排序": true, "并且": true, "x": true}}
	if sw := m.taskSenseWords(); sw["按读段名称排序"] || !sw["并且"] || !sw["read"] || !sw["x"] {
		t.Errorf("taskSenseWords = %v", sw)
	}
	words := withSenses(map[string]bool{"x": true}, "按读段名称排序")
	if !words["read"] || !words[stem("name")] || !words["x"] {
		t.Errorf("withSenses = %v", words)
	}
}

// A Chinese context fits a flag as well as its English does: its senses
// are English words of the context, so they meet the help's words (and
// concepts) the way the English words do ("最多迭代 1000 次" for mafft's
// --maxiterate as "at most 1000 iterations").
func TestChineseContextAsEnglish(t *testing.T) {
	if got := senseWords("最多迭代 次"); !slices.Contains(got, "iteration") || !slices.Contains(got, "maximum") {
		t.Errorf("senseWords = %v", got)
	}
	if got := senseWords("排序"); len(got) != 0 {
		t.Errorf("senseWords of a run with no sense = %v", got)
	}
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("mafft")
	rec := &ToolRecord{Name: "mafft", Executable: "mafft"}
	for _, task := range []string{"对 prots.fa 做多序列比对，最多迭代 1000 次，输出到 prots.aln", "align prots.fa with at most 1000 iterations, output to prots.aln"} {
		f := MapTask(builtinRules, rec, goldenDoc(t, "mafft"), sk, task)
		if got := Assemble(rec, f).Display; !strings.Contains(got, "--maxiterate 1000") {
			t.Errorf("%q: got %s\n%s", task, got, strings.Join(f.Evidence, "\n"))
		}
	}
}

// mapGolden maps a task on a golden tool's ToolDoc and built-in skill.
func mapGolden(t *testing.T, tool, tk string) (string, *Fill) {
	t.Helper()
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get(tool)
	rec := &ToolRecord{Name: tool, Executable: tool}
	f := MapTask(builtinRules, rec, goldenDoc(t, tool), sk, tk)
	return Assemble(rec, f).Display, f
}

// mapHelpOnly maps a task on a golden tool's ToolDoc alone, no skill: as
// for a tool the project has no skill for.
func mapHelpOnly(t *testing.T, tool, tk string) (string, *Fill) {
	t.Helper()
	doc := goldenDoc(t, tool)
	rec := &ToolRecord{Name: tool, Executable: tool}
	doc.Record = *rec
	f := MapTask(builtinRules, rec, doc, nil, tk)
	return Assemble(rec, f).Display, f
}

// A Chinese clause that says what the task does not want ("不要对碱基分组")
// asks for the switch whose help leaves that out (fastqc --nogroup,
// "Disable grouping of bases"), as "do not group the bases" does; a
// bound ("不低于 20") is no negation.
func TestChineseNegatedClause(t *testing.T) {
	got, f := mapGolden(t, "fastqc", "对 mapped.bam 做质控，不要对碱基分组，结果放到 fastqc_out 目录")
	if !strings.Contains(got, "--nogroup") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if cl := negatedClauses("比对 x.fq,没比对上的 reads 不要写进输出,质量不低于 20"); !slices.Equal(cl, []string{"没比对上的 reads 不要写进输出"}) {
		t.Errorf("negatedClauses = %q", cl)
	}
	if neg := negatedOnly("对 a.bam 做质控，不要对碱基分组"); !neg["group"] || neg["质控"] {
		t.Errorf("negatedOnly = %v", neg)
	}
	if tw := nameTokens("比对 x.fq，不输出 sam 头"); slices.ContainsFunc(tw, func(p []string) bool { return slices.Contains(p, "sam") }) {
		t.Errorf("nameTokens = %q", tw)
	}
}

// Two switches that fit apart words of a task alike are no rivals: each
// is added in turn. Two that fit the same word alike are.
func TestSwitchRivals(t *testing.T) {
	a := switchFitted{score: 4, hits: []string{"decompres"}}
	b := switchFitted{score: 4, hits: []string{"keep"}}
	c := switchFitted{score: 4, hits: []string{"keep", "(leaves out)"}}
	d := switchFitted{score: 2, hits: []string{"decompres"}}
	if rivals([]switchFitted{a, b}) || rivals([]switchFitted{a, d}) || !rivals([]switchFitted{b, c}) {
		t.Error("rivals")
	}
}

// A switch whose help says it is on already ("Preserve INPUT file(s).
// [Default]") is never added for the task's words: "解压…原来的文件保留"
// is zstd -d alone.
func TestSwitchOnByDefaultNotAsked(t *testing.T) {
	got, f := mapGolden(t, "zstd", "把 batch3.fastq.zst 解压出来,原来的 .zst 文件保留")
	if got != "zstd -d batch3.fastq.zst" {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// An example's output switch that writes something more (samtools sort
// --write-index, "and write the index") is asked for by its own words: a
// task without them does not keep it.
func TestExampleOutputSwitchNeedsItsWords(t *testing.T) {
	got, f := mapGolden(t, "samtools", "将 aln.bam 按坐标排序,每个线程最多使用 2G 内存,结果写入 aln.sorted.bam")
	if strings.Contains(got, "--write-index") || !strings.Contains(got, "-m 2G") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// "库" names a database as "数据库" does ("比对到 BLAST 库 refvirus",
// "库名 genome_db"): the name goes to the flag whose help says database.
func TestChineseShortDatabaseWord(t *testing.T) {
	got, f := mapGolden(t, "blastn", "用 blastn 把 ctgs.fa 比对到 BLAST 库 refvirus，E 值 1e-10，结果写到 hits.txt")
	wantIn(t, got, f, "-db refvirus")
	got, f = mapGolden(t, "makeblastdb", "用 genome.fna 建立核酸 BLAST 数据库，库名 genome_db")
	wantIn(t, got, f, "-out genome_db")
}

// An example's argument the task names in other letter case is written
// as the task spells it ("ERROR", not the example's "error"); a format
// word a flag takes keeps the help's case (tabix -p vcf for "VCF").
func TestTaskCaseSpelling(t *testing.T) {
	got, f := mapGolden(t, "grep", "统计 app.log 中包含 ERROR 的行数")
	if !strings.Contains(got, "ERROR") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapGolden(t, "tabix", "为 calls.vcf.gz 建立 VCF 格式的索引")
	if !strings.Contains(got, "-p vcf") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// A Chinese task's senses are words of its job where the English ones
// choose: the words before an output ("核酸序列写入 x": nucleotide) pick
// the flag whose help writes them (prodigal -d "Write nucleotide
// sequences of genes"), a help's subcommand descriptions the subcommand
// (mmseqs easy-linclust "… in linear time" for "线性聚类"), and a skill's
// English keywords the subcommand a Chinese keyword does not name
// (bedtools slop's "extend" for "延长").
func TestChineseSensesChoose(t *testing.T) {
	for _, c := range []struct {
		tool, task, want string
		skill            bool
	}{
		{"prodigal", "预测 genome.fa 中的基因，核酸序列写入 genes.fna", "-d genes.fna", false},
		{"mmseqs", "用 mmseqs 对 genes.faa 做快速线性聚类,输出前缀 gene_clu,临时目录 tmp", "mmseqs easy-linclust ", false},
		{"bedtools", "将 genes.bed 中每个区间两侧各延长 100 bp,染色体长度文件为 hg38.genome", "bedtools slop ", true},
	} {
		var sk *skills.Skill
		if c.skill {
			store, _ := skills.Load(nil, skills.Builtin())
			sk, _ = store.Get(c.tool)
		}
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), sk, c.task)
		if got := Assemble(rec, f).Display; !strings.Contains(got, c.want) {
			t.Errorf("%s: got %s, want %s\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
}
