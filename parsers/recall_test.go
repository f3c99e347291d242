package parsers

import (
	"strings"
	"testing"
)

// handChecked lists, for real help texts, every option spelling the text
// shows (names and aliases), read off the text by hand. Prose that only
// mentions an option (hyperfine's "bash --norc" example, fd's examples)
// is not listed.
var handChecked = []struct {
	parser, file string
	want         string
}{
	{"getopt", "samtools_sort", `-l -u -m -M -K -n -t -o -T --no-PG --template-coordinate
		--input-fmt-option -O --output-fmt --output-fmt-option --reference -@ --threads
		--write-index --verbosity`},
	{"getopt", "bwa_mem", `-t -k -w -d -r -y -c -D -W -m -S -P -A -B -O -E -L -U -x -p -R -H
		-o -j -5 -q -K -v -T -h -a -C -V -Y -M -I`},
	{"getopt", "minimap2", `-H -k -w -I -d -f -g -G -F -r -n -m -X -p -N -A -B -O -E -z -s -u
		-a -o -L -R -c --cs --MD --eqx -Y -t -K --version -x`},
	{"getopt", "seqtk_seq", `-q -X -n -l -Q -s -f -M -L -F -c -r -A -C -N -1 -2 -V -U -S`},
	{"argparse", "macs2_callpeak", `-h --help -t --treatment -c --control -f --format -g --gsize
		-s --tsize --keep-dup --outdir -n --name -B --bdg --verbose --trackline --SPMR --nomodel
		--shift --extsize --bw --d-min -m --mfold --fix-bimodal -q --qvalue -p --pvalue --scale-to
		--down-sample --seed --tempdir --nolambda --slocal --llocal --max-gap --min-length --broad
		--broad-cutoff --cutoff-analysis --call-summits --fe-cutoff --buffer-size --to-large --ratio`},
	{"click", "multiqc", `--force -f --config -c --cl-config --filename -n --outdir -o --ignore -x
		--ignore-samples --ignore-symlinks --file-list -l --module -m --exclude -e --tag --view-tags
		--dirs -d --dirs-depth -dd --fullnames -s --fn_as_s_name --replace-names --title -i
		--comment -b --template -t --sample-names --sample-filters --custom-css-file --flat -fp
		--interactive -ip --export -p --data-dir --no-data-dir --data-format -k --zip-data-dir -z
		--no-report --pdf --verbose -v --quiet -q --lint --profile-runtime --no-megaqc-upload
		--no-ansi --version --help -h`},
	{"cobra", "seqkit_seq", `-k --color -p --complement --dna2rna -G --gap-letters -h --help
		-l --lower-case -M --max-len -R --max-qual -m --min-len -Q --min-qual -n --name -i --only-id
		-q --qual -b --qual-ascii-base -g --remove-gaps -r --reverse --rna2dna -s --seq
		-u --upper-case -v --validate-seq -V --validate-seq-length --alphabet-guess-seq-length
		--id-ncbi --id-regexp --infile-list -w --line-width -o --out-file --quiet -t --seq-type
		-j --threads`},
	{"clap", "hyperfine", `-w --warmup -m --min-runs -M --max-runs -r --runs -s --setup
		-p --prepare -c --cleanup -P --parameter-scan -D --parameter-step-size -L --parameter-list
		--style -S --shell -N -i --ignore-failure -u --time-unit --export-asciidoc --export-csv
		--export-json --export-markdown --export-orgmode --show-output --output -n --command-name
		-h --help -V --version`},
	{"generic", "bedtools_intersect", `-a -b -wa -wb -loj -wo -wao -u -c -C -v -ubam -s -S -f -F
		-r -e -split -g -nonamecheck -sorted -names -filenames -sortout -bed -header -nobuf -iobuf`},
	{"generic", "picard_sortsam", `--INPUT -I --OUTPUT -O --SORT_ORDER -SO --arguments_file
		--COMPRESSION_LEVEL --CREATE_INDEX --CREATE_MD5_FILE --GA4GH_CLIENT_SECRETS --help -h
		--MAX_RECORDS_IN_RAM --QUIET --REFERENCE_SEQUENCE -R --TMP_DIR --USE_JDK_DEFLATER
		-use_jdk_deflater --USE_JDK_INFLATER -use_jdk_inflater --VALIDATION_STRINGENCY --VERBOSITY
		--version --showHidden`},
}

// heldOut lists texts captured after the parsers were written, to measure
// them on help they were not tuned on; the lists were made the same way.
var heldOut = []struct {
	parser, file string
	want         string
}{
	{"getopt", "samtools_view", `-b --bam -C --cram -1 --fast -u --uncompressed -h --with-header -H --header-only --no-header -c --count -o --output -U --unoutput --output-unselected -p --unmap -P --fetch-pairs
	-t --fai-reference -M --use-index --regions-file --region-file -X --customized-index
	-L --targets-file --target-file -r --read-group -R --read-group-file -N --qname-file -d --tag -D --tag-file -q --min-MQ -l --library -m --min-qlen -e --expr -f --require-flags -F --exclude-flags --excl-flags --rf --incl-flags --include-flags -G --subsample --subsample-seed -s
	--add-flags --remove-flags -x --remove-tag --keep-tag -B --remove-B
	-? --help -S --no-PG --input-fmt-option -O --output-fmt --output-fmt-option -T --reference -@ --threads --write-index --verbosity`},
	{"getopt", "bcftools_mpileup", `-6 --illumina1.3+ -A --count-orphans -b --bam-list -B --no-BAQ -C --adjust-MQ -D --full-BAQ -d --max-depth -E --redo-BAQ -f --fasta-ref --no-reference -G --read-groups -q --min-MQ -Q --min-BQ --max-BQ --delta-BQ -r --regions -R --regions-file --ignore-RG --ls --skip-all-set --ns --skip-any-set --lu --skip-all-unset --nu --skip-any-unset -s --samples -S --samples-file -t --targets -T --targets-file -x --ignore-overlaps --seed -a --annotate -g --gvcf --no-version -o --output -O --output-type -U --mwu-u --threads -X --config -e --ext-prob -F --gap-frac -h --tandem-qual -I --skip-indels -L --max-idepth -m --min-ireads -M --max-read-len --open-prob -p --per-sample-mF -P --platforms --ar --ambig-reads --indel-bias --indel-size`},
	{"getopt", "bowtie2_build", `-f -c --large-index --debug --verbose -a --noauto -p --packed --bmax --bmaxdivn --dcv --nodc -r --noref -3 --justref -o --offrate -t --ftabchars --threads --seed -q --quiet --h --help --version`},
	{"argparse", "macs2_bdgcmp", `-h --help -t --tfile -c --cfile -S --scaling-factor -p --pseudocount -m --method --outdir --o-prefix -o --ofile`},
	{"cobra", "seqkit_grep", `-n --by-name -s --by-seq -c --circular -C --count -d --degenerate --delete-matched -h --help -i --ignore-case -I --immediate-output -v --invert-match -m --max-mismatch -P --only-positive-strand -p --pattern -f --pattern-file -R --region -r --use-regexp --alphabet-guess-seq-length --id-ncbi --id-regexp --infile-list -w --line-width -o --out-file --quiet -t --seq-type -j --threads`},
	{"generic", "bedtools_genomecov", `-ibam -d -dz -bg -bga -split -ignoreD -strand -pc -fs -du -5 -3 -max -scale -trackline -trackopts -i -g`},
	{"argparse", "metaphlan", `--input_type --force --bowtie2db -x --index --bt2_ps --bowtie2_exe --bowtie2_build --bowtie2out --min_mapq_val --no_map --tmp_dir --tax_lev --min_cu_len --min_alignment_len --add_viruses --ignore_eukaryotes --ignore_bacteria --ignore_archaea --ignore_ksgbs --ignore_usgbs --stat_q --perc_nonzero --ignore_markers --avoid_disqm --stat -t --nreads --pres_th --clade --min_ab -o --output_file --sample_id_key --use_group_representative --sample_id -s --samout --legacy-output --CAMI_format_output --unclassified_estimation --mpa3 --biom --biom_output_file --mdelim --metadata_delimiter_char --nproc --subsampling --subsampling_seed --install --offline --force_download --read_min_len -v --version -h --help`},
	{"generic", "makeblastdb", `-dbtype -h -help -version -in -input_type -title -parse_seqids -hash_index -mask_data -mask_id -mask_desc -gi_mask -gi_mask_name -out -blastdb_version -max_file_sz -logfile -taxid -taxid_map`},
}

func TestRecallPrecision(t *testing.T) {
	for _, c := range append(handChecked, heldOut...) {
		s := parseWith(t, c.parser, c.file)
		want := strings.Fields(c.want)
		recall, precision, missing, extra := recallPrecision(s, want)
		t.Logf("%-8s %-20s %3d spellings  recall %.3f  precision %.3f", c.parser, c.file, len(want), recall, precision)
		if recall < 0.95 || precision < 0.95 {
			t.Errorf("%s: recall %.3f precision %.3f; missing %v, extra %v", c.file, recall, precision, missing, extra)
		}
	}
}
